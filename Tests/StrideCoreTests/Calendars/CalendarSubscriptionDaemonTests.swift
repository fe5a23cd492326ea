import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideJSON
@testable import StrideStore

/// A subscription served over real HTTP on this machine, read through the daemon: added and counted, then a server
/// error, a server that hangs and a very large calendar, each leaving `now` answered.
@Suite("A subscription served on loopback, through the daemon", .serialized)
struct CalendarSubscriptionDaemonTests {
  /// What the test's server does with the next request.
  enum Mode: Sendable {
    case calendar(Data)
    case serverError
    case hang
  }

  /// A server whose answer the test changes as it goes, and a daemon that reads calendars with a one-second
  /// timeout, at 09:00 UTC on Saturday 21 November with two tasks.
  static func setUp(_ first: Data, timeout: Double = 1) throws -> (LoopbackServer, Locked<Mode>, Dispatcher) {
    let mode = Locked(Mode.calendar(first))
    let server = try LoopbackServer { _ in
      switch mode.withLock({ $0 }) {
      case .calendar(let body): .reply(status: 200, headers: [("Content-Type", "text/calendar")], body: body)
      case .serverError: .reply(status: 500, body: Data("Internal Server Error".utf8))
      case .hang: .silence
      }
    }
    let clock = TestClock(Fixtures.now)
    let dispatcher = TestDispatcher.make(
      store: try Fixtures.store().0, clock: { clock.now }, calendarFetcher: CalendarFetcher(timeout: timeout))
    for text in ["write the grant proposal ~90m", "reply to the landlord ~10m"] {
      _ = CalendarDaemonTests.result(dispatcher, "task.capture", #"{"text":"\#(text)"}"#)
    }
    return (server, mode, dispatcher)
  }

  static func problem(after refresh: JSONValue?) throws -> String {
    let calendar = try CalendarServerDaemonTests.only(refresh)
    guard case .string(let problem)? = calendar["problem"] else {
      throw StrideError.invalid("no problem said: \(calendar)")
    }
    #expect(calendar["events"] == .integer(2), "the last good copy still counts: \(calendar)")
    return problem
  }

  @Test("added and counted; a server error and a server that hangs keep the last copy and say why; now still fits")
  func faults() throws {
    let (server, mode, dispatcher) = try Self.setUp(Data(CalendarDaemonTests.day.utf8))
    defer {
      dispatcher.close()
      server.stop()
    }
    let added = CalendarDaemonTests.result(dispatcher, "calendars.add", #"{"location":"\#(server.url("/cal.ics"))"}"#)
    #expect(
      added?["kind"] == .string("subscription") && added?["counts"] == .bool(true), "\(String(describing: added))")
    #expect(added?["name"] == .string("127.0.0.1") && added?["events"] == .integer(2))
    #expect(
      CalendarDaemonTests.result(dispatcher, "now.list")?["calendar"]?["sentence"]
        == .string("You have 40 minutes before 'dentist' at 09:40."))

    mode.withLock { $0 = .serverError }
    let failed = try Self.problem(after: CalendarDaemonTests.result(dispatcher, "calendars.refresh"))
    #expect(failed.contains("answered 500 (a server error)") && failed.contains("copy it read last"), "\(failed)")
    #expect(CalendarDaemonTests.result(dispatcher, "now.list")?["calendar"]?["minutes"] == .integer(40))

    mode.withLock { $0 = .hang }
    let started = Date()
    let hung = try Self.problem(after: CalendarDaemonTests.result(dispatcher, "calendars.refresh"))
    #expect(Date().timeIntervalSince(started) < 15, "the refresh ended by the fetcher's timeout")
    #expect(hung.contains("did not answer within 1 second") && hung.contains("copy it read last"), "\(hung)")
    #expect(CalendarDaemonTests.result(dispatcher, "now.list")?["calendar"]?["minutes"] == .integer(40))

    mode.withLock { $0 = .calendar(Data(CalendarDaemonTests.day.utf8)) }
    let healed = try CalendarServerDaemonTests.only(CalendarDaemonTests.result(dispatcher, "calendars.refresh"))
    #expect(healed["problem"] == nil, "read again, the problem is gone: \(healed)")
  }

  @Test("while a refresh waits on a server that hangs, now and the calendars' list answer at once")
  func nowWhileWaiting() throws {
    let (server, mode, dispatcher) = try Self.setUp(Data(CalendarDaemonTests.day.utf8), timeout: 4)
    defer {
      dispatcher.close()
      server.stop()
    }
    _ = CalendarDaemonTests.result(dispatcher, "calendars.add", #"{"location":"\#(server.url("/cal.ics"))"}"#)
    mode.withLock { $0 = .hang }
    let refreshed = Locked(false)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = CalendarDaemonTests.result(dispatcher, "calendars.refresh")
      refreshed.withLock { $0 = true }
      done.signal()
    }
    let deadline = Date().addingTimeInterval(3)
    while server.requests.count < 2, Date() < deadline { usleep(10_000) }
    #expect(server.requests.count == 2, "the refresh asked the server again")
    let now = CalendarDaemonTests.result(dispatcher, "now.list")
    let list = CalendarDaemonTests.result(dispatcher, "calendars.list")
    #expect(refreshed.withLock { !$0 }, "answered while the refresh still waited")
    #expect(now?["calendar"]?["minutes"] == .integer(40))
    #expect(list?["calendars"] != nil)
    #expect(done.wait(timeout: .now() + 15) == .success, "the refresh ended by the fetcher's timeout")
  }

  @Test("a subscription that cannot be read at first is not added, and the refusal claims no copy")
  func notAdded() throws {
    let (server, mode, dispatcher) = try Self.setUp(Data())
    defer {
      dispatcher.close()
      server.stop()
    }
    let params = #"{"location":"\#(server.url("/cal.ics"))"}"#
    for (answer, expected) in [
      (Mode.serverError, "the calendar at 127.0.0.1 answered 500 (a server error); it was not added"),
      (.hang, "the server at 127.0.0.1 did not answer within 1 second; it was not added"),
    ] {
      mode.withLock { $0 = answer }
      let refused = CalendarDaemonTests.call(dispatcher, "calendars.add", params)
      #expect(refused?["error"]?["message"] == .string(expected), "\(String(describing: refused))")
    }
    #expect(CalendarDaemonTests.result(dispatcher, "calendars.list")?["calendars"] == .array([]))
  }

  /// About 10 MB: the day's calendar and 50,000 one-minute meetings on the other days from 40 days back to 60 ahead
  /// (none on the clock's day, so the dentist is still what comes next).
  static func large() -> Data {
    let start = Fixtures.now.addingTimeInterval(-9 * 3_600)
    let days = Array(-40...60).filter { $0 != 0 }
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let padding = String(repeating: "agenda notes ", count: 3)
    var events: [String] = []
    events.reserveCapacity(50_001)
    for index in 0..<50_000 {
      let day = days[index % days.count]
      let begins = start.addingTimeInterval(Double(day * 86_400 + (index / days.count) * 120))
      events.append(
        CalendarDaemonTests.event(
          "bulk-\(index)@example.com", format.string(from: begins), format.string(from: begins.addingTimeInterval(60)),
          "meeting \(index)", ["DESCRIPTION:\(padding)"]))
    }
    let day = CalendarDaemonTests.day
    let body = day.replacingOccurrences(
      of: "END:VCALENDAR\r\n", with: events.joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n")
    return Data(body.utf8)
  }

  @Test("a 10 MB calendar of 50,000 events is read, and now still answers")
  func largeCalendar() throws {
    let body = Self.large()
    #expect(body.count > 10_000_000 && body.count < 12_000_000, "\(body.count) bytes")
    let (server, _, dispatcher) = try Self.setUp(body)
    defer {
      dispatcher.close()
      server.stop()
    }
    let added = CalendarDaemonTests.call(dispatcher, "calendars.add", #"{"location":"\#(server.url("/big.ics"))"}"#)
    let calendar = try #require(added?["result"], "\(String(describing: added?["error"]))")
    #expect(calendar["components"] == .integer(50_005), "every VEVENT read: \(calendar)")
    #expect(calendar["problem"] == nil, "\(calendar)")
    let now = CalendarDaemonTests.result(dispatcher, "now.list")
    #expect(now?["calendar"]?["sentence"] == .string("You have 40 minutes before 'dentist' at 09:40."))
    #expect(!CalendarDaemonTests.titles(now).isEmpty)
  }
}
