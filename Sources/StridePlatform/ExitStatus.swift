/// How `stride` (and `strided`) end: 0 ok, 1 failure, 64 usage error, 69 daemon unavailable. One table, so the
/// programs and the EXIT STATUS of their manual pages say the same.
public enum ExitStatus: Int32, Error, CaseIterable, Sendable {
  case ok = 0
  case failure = 1
  case usage = 64
  case unavailable = 69

  /// What the status tells a script that ran `stride`, in a sentence's words.
  public var meaning: String {
    switch self {
    case .ok: "the command did what was asked"
    case .failure: "the request failed (for example, there is no task 99); the message on standard error says why"
    case .usage: "a mistake on the command line (EX_USAGE); the message says what is valid"
    case .unavailable: "the daemon could not be reached or started (EX_UNAVAILABLE)"
    }
  }
}
