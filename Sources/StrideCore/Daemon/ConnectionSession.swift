import Foundation
import StrideWire

/// What the daemon knows about one connection beyond its requests: its subscription, once it has one.
public final class ConnectionSession {
  public internal(set) var subscription: Subscription?
  /// The person's zone and date order (`client.context`), for the requests that do not name their own.
  public internal(set) var context = ClientContext.Params()
  /// The context's zone, found once when it was set; nil: the daemon's.
  var timeZone: TimeZone?
  /// The terminal session the client runs in (`TerminalSession`): the changes it makes are recorded as made there.
  /// Found when the first change asks for it, so a connection that only reads (and its greeting) does not wait for
  /// /proc.
  public private(set) lazy var origin: String? = findOrigin()
  private let findOrigin: () -> String?
  /// Writes a line to the client at once, ahead of the replies being made: how a reply in parts is sent. Nil where
  /// nothing can be written ahead (a test calling the dispatcher directly): such a reply then comes whole.
  public var writeAhead: ((Data) throws -> Void)?
  /// Whether writing ahead failed: the client is gone or stopped reading, and the connection ends.
  public internal(set) var hungUp = false

  public init(origin: @autoclosure @escaping () -> String? = nil) { findOrigin = origin }
}
