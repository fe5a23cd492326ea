import StrideBase

/// `client.context`: where the person at this connection is — the time zone and the order of a numeric date their
/// words are read and said in. Sent once, first (a client sends it with its first request, so it costs no wait);
/// it holds for the connection's later requests that do not name their own.
public enum ClientContext: WireMethod {
  public static let method = Method.clientContext

  public struct Params: Codable, Sendable, Equatable {
    /// An IANA name ("Europe/Berlin"); the daemon's zone when absent.
    public var timeZone: String?
    /// How the person's locale orders a numeric date; `unknown` when absent.
    public var dateOrder: NumericDateOrder?
    /// `true`: every task and capture draft in a later result carries `said`, its times in words in this zone.
    public var said: Bool?

    public init(timeZone: String? = nil, dateOrder: NumericDateOrder? = nil, said: Bool? = nil) {
      self.timeZone = timeZone
      self.dateOrder = dateOrder
      self.said = said
    }
  }

  /// The context as the daemon will use it.
  public struct Result: Codable, Sendable, Equatable {
    public var timeZone: String
    public var dateOrder: NumericDateOrder
    public var said: Bool

    public init(timeZone: String, dateOrder: NumericDateOrder, said: Bool) {
      self.timeZone = timeZone
      self.dateOrder = dateOrder
      self.said = said
    }
  }
}
