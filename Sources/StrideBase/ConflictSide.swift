/// Which side's value a merge kept for a field changed on both: `server` (the other device's change was later) or
/// `here`. Sync's merge decides it (StrideCalendar), the sync ledger keeps it (StrideStore), and `stride show`
/// reads it on the wire.
public enum ConflictSide: String, WireEnum, Sendable {
  case server, here
}
