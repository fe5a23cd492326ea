import StrideBase
import StrideModel
import StrideWire

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
extension Wire.TaskCapture.Params: ZonedParams, DateOrderedParams {}
extension Wire.TaskUpdate.Params: ZonedParams, DateOrderedParams {}
extension Wire.NowList.Params: ZonedParams {}
extension Wire.TaskExplain.Params: ZonedParams {}
extension Wire.TaskList.Params: ZonedParams {}
extension HistoryReview.Params: ZonedParams {}
extension TaskExport.Params: ZonedParams {}
extension Wire.TaskImport.Params: ZonedParams {}
