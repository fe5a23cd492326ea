import StrideBase
import StrideJSON
import StrideWire

/// Events over a client connection.
extension StrideClient {
  /// Subscribes this connection to events and returns the state as it stands; read the events with `nextEvent`.
  public func subscribe(_ topics: [EventTopic]?) throws(ClientError) -> Answer<Wire.SubscribeResult> {
    let state = try answer(Wire.EventsSubscribe.self, .init(topics: topics))
    waitIndefinitely()
    return state
  }

  /// The next event on a subscribed connection, with its params as they came (notifications of other kinds are
  /// passed over). The daemon's last word comes as `ClientError.failed`; a closed connection as `unreachable`.
  public func nextEvent() throws(ClientError) -> Answer<Wire.Event> {
    while true {
      let (method, params) = try nextNotification()
      guard EventTopic(rawValue: method) != nil, let event = try? params.decode(Wire.Event.self) else { continue }
      return Answer(result: event, json: params)
    }
  }
}
