import StrideClientKit
import StrideModel
import StrideProtocol

/// Events over a client connection, in the daemon's types.
extension StrideClient {
  /// Subscribes this connection to events and returns the state as it stands; read the events with `nextEvent`.
  public func subscribe(_ topics: [EventTopic]?) throws(ClientError) -> EventsSubscribe.Result {
    let state = try call(EventsSubscribe.self, EventsSubscribe.Params(topics: topics))
    waitIndefinitely()
    return state
  }

  /// The next event on a subscribed connection (notifications of other kinds are passed over). The daemon's last
  /// word comes as `ClientError.failed`; a closed connection as `unreachable`.
  public func nextEvent() throws(ClientError) -> StrideEvent {
    while true {
      let (method, params) = try nextNotification()
      guard EventTopic(rawValue: method) != nil, let event = try? params.decode(StrideEvent.self) else { continue }
      return event
    }
  }
}
