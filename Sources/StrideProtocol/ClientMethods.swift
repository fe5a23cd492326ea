import StrideModel

/// `client.context`: where the person at this connection is — the time zone and the order of a numeric date their
/// words are read and said in. Sent once, first (a client sends it with its first request, so it costs no wait);
/// it holds for the connection's later requests that do not name their own.
public enum ClientContext: RPCMethod {
  public static let name = "client.context"

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

/// Params read or said in a person's time zone: absent, the connection's `client.context` stands in, else the
/// daemon's zone.
public protocol ZonedParams {
  var timeZone: String? { get set }
}

/// Params whose numeric dates are read in a person's order: absent, the connection's `client.context` stands in.
public protocol DateOrderedParams {
  var dateOrder: NumericDateOrder? { get set }
}

extension ClientContext.Params {
  /// `params` with what it leaves out taken from this context.
  public func filling<P>(_ params: P) -> P {
    guard timeZone != nil || dateOrder != nil else { return params }
    var params = params
    if var zoned = params as? any ZonedParams, zoned.timeZone == nil, let timeZone {
      zoned.timeZone = timeZone
      params = zoned as! P
    }
    if var ordered = params as? any DateOrderedParams, ordered.dateOrder == nil, let dateOrder {
      ordered.dateOrder = dateOrder
      params = ordered as! P
    }
    return params
  }
}

extension TimeParse.Params: ZonedParams, DateOrderedParams {}
extension TaskCapture.Params: ZonedParams, DateOrderedParams {}
extension TaskUpdate.Params: ZonedParams, DateOrderedParams {}
extension NowList.Params: ZonedParams {}
extension TaskExplain.Params: ZonedParams {}
extension HistoryReview.Params: ZonedParams {}
extension TaskExport.Params: ZonedParams {}
extension TaskImport.Params: ZonedParams {}
