import Foundation
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore

/// A subscribed calendar read from a server on this machine: what a person who subscribed to a team's or a school's
/// calendar sees when it is unchanged, broken, slow, too large, or not a calendar at all.
@Suite("Calendar subscriptions over HTTP")
struct CalendarFetchSubscriptionTests {
  static let calendar = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Test//Subscription//EN\r
    BEGIN:VEVENT\r
    UID:match@example.com\r
    DTSTART:20261205T140000Z\r
    DTEND:20261205T160000Z\r
    SUMMARY:Home match\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  static let limit = 1_000_000
  static let fetcher = CalendarFetcher(timeout: 5)

  /// The error a call threw; the test fails when it threw none.
  func failure(_ call: () throws(StrideError) -> FetchedCalendar?) -> StrideError? {
    do {
      _ = try call()
      Issue.record("no error was thrown")
      return nil
    } catch { return error }
  }

  @Test("an answer with an ETag is kept with it; asked again with it, the unchanged calendar (304) is nil")
  func etagThenUnchanged() throws {
    let server = try LoopbackServer { request in
      request.header("If-None-Match") == "\"v1\""
        ? .reply(status: 304)
        : .reply(
          status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "text/calendar")], body: Data(Self.calendar.utf8))
    }
    defer { server.stop() }
    let first = try #require(try Self.fetcher.subscription(server.url("/team.ics"), validator: nil, limit: Self.limit))
    #expect(first.text == Self.calendar)
    #expect(first.validator == "etag:\"v1\"")
    #expect(
      try Self.fetcher.subscription(server.url("/team.ics"), validator: first.validator, limit: Self.limit) == nil)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
  }

  @Test("an answer with only a Last-Modified is asked again with If-Modified-Since")
  func lastModified() throws {
    let stamp = "Sat, 28 Nov 2026 09:00:00 GMT"
    let server = try LoopbackServer { request in
      request.header("If-Modified-Since") == stamp
        ? .reply(status: 304) : .reply(status: 200, headers: [("Last-Modified", stamp)], body: Data(Self.calendar.utf8))
    }
    defer { server.stop() }
    let first = try #require(
      try Self.fetcher.subscription(server.url("/school.ics"), validator: nil, limit: Self.limit))
    #expect(first.validator == "modified:" + stamp)
    #expect(
      try Self.fetcher.subscription(server.url("/school.ics"), validator: first.validator, limit: Self.limit) == nil)
  }

  @Test("a server error is a calm sentence that says the last copy stays")
  func serverError() throws {
    let server = try LoopbackServer { _ in .reply(status: 500, body: Data("oops".utf8)) }
    defer { server.stop() }
    let error = failure { () throws(StrideError) in
      try Self.fetcher.subscription(server.url("/team.ics"), validator: nil, limit: Self.limit)
    }
    #expect(
      error?.message
        == "the calendar at 127.0.0.1 answered 500 (a server error); Stride keeps the copy it read last and tries "
        + "again later")
    let gone = try LoopbackServer { _ in .reply(status: 404) }
    defer { gone.stop() }
    let missing = failure { () throws(StrideError) in
      try Self.fetcher.subscription(gone.url("/old.ics"), validator: nil, limit: Self.limit)
    }
    #expect(missing?.message.contains("answered 404 (nothing is there)") == true, "\(String(describing: missing))")
  }

  @Test("an address that asks for a password is refused at once, challenge or not")
  func password() throws {
    let challenge = try LoopbackServer { _ in
      .reply(status: 401, headers: [("WWW-Authenticate", "Basic realm=\"cal\"")])
    }
    let bare = try LoopbackServer { _ in .reply(status: 401) }
    defer {
      challenge.stop()
      bare.stop()
    }
    for server in [challenge, bare] {
      let error = failure { () throws(StrideError) in
        try Self.fetcher.subscription(server.url("/private.ics"), validator: nil, limit: Self.limit)
      }
      #expect(server.requests.count == 1)
      #expect(
        error?.message
          == "the calendar at 127.0.0.1 answered 401 (it asks for a password); subscribe to the calendar's address "
          + "that needs none")
    }
  }

  @Test("a server that takes the connection and never answers is given up on after the time limit")
  func silentServer() throws {
    let server = try LoopbackServer { _ in .silence }
    defer { server.stop() }
    let started = Date()
    let error = failure { () throws(StrideError) in
      try CalendarFetcher(timeout: 1).subscription(server.url("/team.ics"), validator: nil, limit: Self.limit)
    }
    #expect(
      error?.message
        == "the server at 127.0.0.1 did not answer within 1 second; Stride keeps the copy it read last and tries "
        + "again later")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test("a calendar larger than the limit is refused, whether its length is said first or only counted")
  func tooLarge() throws {
    let big = Data((Self.calendar + String(repeating: "X-FILLER:0123456789\r\n", count: 200)).utf8)
    let sized = try LoopbackServer { _ in .reply(status: 200, body: big) }
    let unsized = try LoopbackServer { _ in .unsized(status: 200, body: big) }
    defer {
      sized.stop()
      unsized.stop()
    }
    for server in [sized, unsized] {
      let error = failure { () throws(StrideError) in
        try Self.fetcher.subscription(server.url("/huge.ics"), validator: nil, limit: 1000)
      }
      #expect(error?.message.hasPrefix("the calendar at 127.0.0.1 is ") == true, "\(String(describing: error))")
      #expect(error?.message.contains("larger than the 1000 bytes Stride reads from one calendar") == true)
    }
    // The same calendar within a larger limit is read whole.
    #expect(
      try Self.fetcher.subscription(unsized.url("/huge.ics"), validator: nil, limit: 10_000)?.text.utf8.count
        == big.count)
  }

  @Test("a web page (a sign-in page) where the calendar should be is refused with a sentence saying so")
  func webPage() throws {
    let server = try LoopbackServer { _ in
      .reply(
        status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8))
    }
    defer { server.stop() }
    let error = failure { () throws(StrideError) in
      try Self.fetcher.subscription(server.url("/team.ics"), validator: nil, limit: Self.limit)
    }
    #expect(error?.message.contains("gave a web page, not a calendar") == true, "\(String(describing: error))")
    // The same page said to be plain text is still a page; plain text that is not a calendar is said to be so.
    let plain = try LoopbackServer { request in
      .reply(
        status: 200, headers: [("Content-Type", "text/plain")],
        body: Data((request.path == "/page" ? "  <html><body>Sign in</body></html>" : "Sign in first").utf8))
    }
    defer { plain.stop() }
    let page = failure { () throws(StrideError) in
      try Self.fetcher.subscription(plain.url("/page"), validator: nil, limit: Self.limit)
    }
    #expect(page?.message.contains("gave a web page, not a calendar") == true, "\(String(describing: page))")
    let text = failure { () throws(StrideError) in
      try Self.fetcher.subscription(plain.url("/text"), validator: nil, limit: Self.limit)
    }
    #expect(text?.message.contains("gave something that is not iCalendar") == true, "\(String(describing: text))")
  }

  @Test("a redirect on this machine is followed; one to plain http elsewhere is refused before it is followed")
  func redirects() throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/moved.ics": .reply(status: 302, headers: [("Location", "/team.ics")])
      case "/away.ics": .reply(status: 302, headers: [("Location", "http://192.0.2.1/team.ics")])
      default: .reply(status: 200, body: Data(Self.calendar.utf8))
      }
    }
    defer { server.stop() }
    #expect(
      try Self.fetcher.subscription(server.url("/moved.ics"), validator: nil, limit: Self.limit)?.text == Self.calendar)
    let error = failure { () throws(StrideError) in
      try Self.fetcher.subscription(server.url("/away.ics"), validator: nil, limit: Self.limit)
    }
    #expect(
      error?.message.contains("sent Stride on to plain http at 192.0.2.1") == true, "\(String(describing: error))")
  }

  @Test("webcal:// and webcals:// are read over https; plain http is only for this machine")
  func addresses() throws {
    #expect(
      try CalendarFetcher.subscriptionURL("webcal://example.com/a.ics?k=1").absoluteString
        == "https://example.com/a.ics?k=1")
    #expect(
      try CalendarFetcher.subscriptionURL("WEBCALS://example.com/a.ics").absoluteString == "https://example.com/a.ics")
    #expect(
      try CalendarFetcher.subscriptionURL("https://example.com/a.ics").absoluteString == "https://example.com/a.ics")
    #expect(try CalendarFetcher.subscriptionURL("http://localhost:8080/a.ics").scheme == "http")
    #expect(try CalendarFetcher.subscriptionURL("http://127.0.0.1/a.ics").scheme == "http")
    #expect(try CalendarFetcher.subscriptionURL("http://[::1]:8080/a.ics").scheme == "http")
    #expect(throws: StrideError.self) { try CalendarFetcher.subscriptionURL("ftp://example.com/a.ics") }
    // A name that only begins like a loopback address is another machine's.
    #expect(throws: StrideError.self) { try CalendarFetcher.subscriptionURL("http://127.0.0.1.example.com/a.ics") }
    #expect(throws: StrideError.self) { try CalendarFetcher.subscriptionURL("not an address") }
    let https = URL(string: "https://example.com/a.ics")!
    #expect(!CalendarFetcher.mayFollow(from: https, to: URL(string: "http://127.0.0.1/a.ics")!))
    #expect(CalendarFetcher.mayFollow(from: https, to: URL(string: "https://cdn.example.com/a.ics")!))
    #expect(CalendarFetcher.mayFollow(from: URL(string: "http://127.0.0.1/a")!, to: URL(string: "http://localhost/b")!))
  }

  @Test("plain http to another machine is refused at once, with no connection made")
  func plainHTTPElsewhere() throws {
    let started = Date()
    let error = failure { () throws(StrideError) in
      // 192.0.2.1 is reserved for documentation: a connection there would hang until the time limit.
      try CalendarFetcher(timeout: 30).subscription("http://192.0.2.1/team.ics", validator: nil, limit: Self.limit)
    }
    #expect(error?.code == .invalidParams)
    #expect(error?.message.contains("is plain http") == true && error?.message.contains("use its https://") == true)
    // Refused before connecting: far sooner than the 30 seconds a connection there would wait, on any machine.
    #expect(Date().timeIntervalSince(started) < 20)
  }
}
