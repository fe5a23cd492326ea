import Foundation
import StrideBase
import StrideCalDAV
import StridePlatform
import StrideTestSupport
import StrideWire

@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// A dispatcher over a fresh store with a fixed clock and UTC, as the golden examples expect.
enum TestDispatcher {
  static func make(clock: Date = Fixtures.now) throws -> Dispatcher {
    try make(store: Fixtures.store().0, clock: { clock })
  }

  /// A dispatcher over `store`, with its own clock and event hub (and settings and environment, for reminders);
  /// calendars are read from files only unless it is given a `calendarFetcher`.
  static func make(
    store: sending TaskStore, clock: @escaping @Sendable () -> Date, hub: EventHub = EventHub(),
    config: StrideConfig = StrideConfig(), environment: [String: String] = [:], promptFile: String? = nil,
    calendarFetcher: (any CalendarFetching)? = nil, awake: @escaping @Sendable () -> Double = { System.uptime },
    remindersFile: String? = nil
  ) -> Dispatcher {
    Dispatcher(
      store: store, clock: clock, awake: awake, timeZone: TimeZone(identifier: "UTC")!, config: config, hub: hub,
      syncConnector: CalDAVConnector(), calendarFetcher: calendarFetcher, environment: environment,
      promptFile: promptFile, remindersFile: remindersFile
    ) { openTasks in
      ServerInfo.Result(
        server: "strided/\(strideVersion)", version: strideVersion, pid: 4242,
        socket: "/run/user/1000/stride/strided.sock", database: "/home/ada/.local/share/stride/stride.db",
        startedAt: Timestamp(Fixtures.at("2026-11-21T08:00:00Z")), openTasks: openTasks)
    }
  }

  /// The reply to a call of `method` with `params` (a JSON object), read; nil when it is not JSON.
  static func call(_ dispatcher: Dispatcher, _ method: String, _ params: String = "{}") -> JSONValue? {
    let line = reply(dispatcher, #"{"jsonrpc":"2.0","id":1,"method":""# + method + #"","params":"# + params + "}")
    return try? JSONReader.parse(Array(line.utf8))
  }

  /// The reply to one request line, without its newline.
  static func reply(_ dispatcher: Dispatcher, _ line: String, session: ConnectionSession? = nil) -> String {
    var text = String(decoding: dispatcher.respond(to: Array(line.utf8), session: session), as: UTF8.self)
    // The now.changed subscribers hear of a change after its reply: wait for them, so a test reads what followed it.
    dispatcher.settle()
    if text.last == "\n" { text.removeLast() }
    return text
  }
}
