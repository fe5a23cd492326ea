import Foundation
import StrideBase
import StrideCalendar
import StrideCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension CalendarFetcher {
  /// A GET of the address, sent with what `validator` holds: `etag:` and the ETag the last answer gave (sent as
  /// If-None-Match), or `modified:` and its Last-Modified (sent as If-Modified-Since). The answer's ETag is kept
  /// when it has one, else its Last-Modified. Redirects are followed, but never from https to plain http, nor to
  /// plain http on another machine. Sentences about the answer name the calendar's host only: a subscription's path
  /// often holds its secret.
  public func subscription(_ url: String, validator: String?, limit: Int) throws(StrideError) -> FetchedCalendar? {
    let address = try Self.subscriptionURL(url)
    let host = address.host ?? url
    var request = URLRequest(url: address)
    request.setValue("text/calendar, */*;q=0.5", forHTTPHeaderField: "Accept")
    for (name, value) in Self.conditions(validator) { request.setValue(value, forHTTPHeaderField: name) }
    let outcome = SubscriptionDownload(limit: limit).run(request, timeout: timeout)
    if let stop = outcome.stop { throw Self.refusal(stop, host: host, limit: limit) }
    if let error = outcome.error {
      throw DAVSession.describe(error, url: address, timeout: timeout, advice: .calendars)
    }
    guard let response = outcome.response else {
      throw DAVSession.describe(URLError(.badServerResponse), url: address, timeout: timeout, advice: .calendars)
    }
    if response.statusCode == 304 { return nil }
    guard (200..<300).contains(response.statusCode) else { throw Self.describe(status: response.statusCode, host) }
    let body = Self.withoutByteOrderMark(outcome.body)
    guard ICalendarReader.looksLikeICalendar(body) else {
      let page =
        (response.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased().contains("html")
        || String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
          .hasPrefix("<")
      throw Self.refusal(
        host,
        page
          ? "gave a web page, not a calendar (a sign-in page, or the page about the calendar); subscribe to its "
            + "iCalendar address (often ending in .ics)"
          : "gave something that is not iCalendar (it does not begin with BEGIN:VCALENDAR); check the address")
    }
    let validator =
      response.value(forHTTPHeaderField: "ETag").map { "etag:" + $0 }
      ?? response.value(forHTTPHeaderField: "Last-Modified").map { "modified:" + $0 }
    return FetchedCalendar(text: String(decoding: body, as: UTF8.self), validator: validator)
  }

  /// The address a subscription is read from: `webcal://` and `webcals://` are https (the scheme only asks a
  /// calendar app to subscribe); `https://` as given; plain `http://` only to this machine, since anyone on the way
  /// could read or change the calendar.
  public static func subscriptionURL(_ text: String) throws(StrideError) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard var components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
      let host = components.host, !host.isEmpty
    else {
      throw StrideError.invalid(
        "'\(text)' is not a calendar's address; give one like https://example.com/calendar.ics or webcal://…")
    }
    switch scheme {
    case "webcal", "webcals", "https": components.scheme = "https"
    case "http" where isLoopback(host): break
    case "http":
      throw StrideError.invalid(
        "\(text) is plain http, which anyone on the way could read or change; use its https:// address")
    default:
      throw StrideError.invalid("'\(text)' is not a calendar's address (\(scheme):); give an https:// or webcal:// one")
    }
    guard let url = components.url else { throw StrideError.invalid("'\(text)' is not a calendar's address") }
    return url
  }

  /// Whether a redirect may be followed: to https always, to plain http only from plain http on this machine and
  /// to this machine (never from https, which would give the calendar to anyone on the way).
  static func mayFollow(from: URL, to: URL) -> Bool {
    switch (from.scheme?.lowercased(), to.scheme?.lowercased()) {
    case (_, "https"?): true
    case ("http"?, "http"?): isLoopback(to.host ?? "")
    default: false
    }
  }

  /// This machine's names: plain http to them never leaves it. An address in 127.0.0.0/8 must be one whole: a name
  /// like `127.0.0.1.example.com` is another machine's.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased()
    if ["localhost", "::1", "[::1]"].contains(host) { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
    return octets.count == 4 && !octets.contains(nil) && octets[0] == 127
  }

  /// The request headers that ask the server to answer 304 when the calendar has not changed since `validator`.
  static func conditions(_ validator: String?) -> [String: String] {
    guard let validator else { return [:] }
    if validator.hasPrefix("etag:") { return ["If-None-Match": String(validator.dropFirst("etag:".count))] }
    if validator.hasPrefix("modified:") { return ["If-Modified-Since": String(validator.dropFirst("modified:".count))] }
    return [:]
  }

  /// Why Stride stopped reading, in words.
  static func refusal(_ stop: SubscriptionDownload.Stop, host: String, limit: Int) -> StrideError {
    switch stop {
    case .tooLarge(let size):
      refusal(host, "is \(bytes(size)) or more, larger than the \(bytes(limit)) Stride reads from one calendar")
    case .redirect(let to):
      refusal(
        host,
        "sent Stride on to plain http at \(to.host ?? "another address"), which anyone on the way could read or "
          + "change; use the calendar's https:// address")
    case .password: describe(status: 401, host)
    case .status(let status): describe(status: status, host)
    }
  }

  /// A status that is neither a calendar nor "unchanged", in words: what it means, and what to do.
  static func describe(status: Int, _ host: String) -> StrideError {
    let (meaning, next) =
      switch status {
      case 401: ("it asks for a password", "subscribe to the calendar's address that needs none")
      case 403: ("it refuses to give the calendar", "subscribe to the calendar's address that needs no password")
      case 404, 410: ("nothing is there", "the calendar was removed or moved: check its address")
      case 429: ("too many requests", DAVAdvice.calendars.meanwhile)
      case 500...599: ("a server error", DAVAdvice.calendars.meanwhile)
      default: ("an answer Stride did not expect", "check the calendar's address")
      }
    return refusal(host, "answered \(status) (\(meaning)); \(next)")
  }

  /// "the calendar at `host` …", as a sync failure: the copy read last stays.
  static func refusal(_ host: String, _ what: String) -> StrideError {
    StrideError(.syncFailed, "the calendar at \(host) \(what)")
  }

  /// A size in words: "900 bytes", "12 KB", "3.5 MB".
  static func bytes(_ count: Int) -> String {
    if count < 10_000 { return plural(count, "byte") }
    if count < 1_000_000 { return "\(count / 1000) KB" }
    let tenths = (count + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
  }

  private static func withoutByteOrderMark(_ data: Data) -> Data {
    data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
  }
}
