import Foundation
import StrideTestSupport

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// An HTTP proxy on 127.0.0.1 that stands between Stride and a real server and, on a random schedule of its own,
/// makes the network hostile: it drops connections before and after the request reaches the server, answers
/// 500/503/507 (with or without having passed the request on), stalls past the client's time-out, cuts a reply's
/// body in half (with its length as sent, or rewritten so the cut reply looks whole), and can hide
/// `sync-collection` so the client falls back to PROPFIND. One request per connection (`Connection: close`).
final class FaultProxy: @unchecked Sendable {
  enum Fault: String, CaseIterable, Sendable {
    case dropBefore = "dropped before the server"
    case dropAfter = "dropped after the server"
    case errorBefore = "5xx before the server"
    case errorAfter = "5xx after the server"
    case stall = "stalled past the time-out"
    case cutBody = "body cut short"
    case cutBodyWhole = "body cut, length rewritten"
  }

  struct Schedule: Sendable {
    /// The share of requests that meet a fault (0 turns them off).
    var rate = 0.0
    /// When true, every `sync-collection` REPORT is refused as a server without it refuses it.
    var hideSyncCollection = false
    /// How long a stall lasts (longer than the client's time-out).
    var stall = 1.5
    /// A strict server: every PUT whose body holds `marker` is refused with `status` and `body` (a 415, or a 403
    /// naming `valid-calendar-data`), as a server that validates what it stores refuses what it judges invalid.
    var strict: (marker: String, status: Int, body: String)?
    /// A server that says more than the one behind the proxy: each PROPFIND's multistatus answer is passed through
    /// this, as another server would write it (sharing properties Radicale does not have, say).
    var rewritePropfind: (@Sendable (String) -> String)?
    /// A server that asks to sign in another way: each 401's `WWW-Authenticate` passed through this.
    var rewriteChallenge: (@Sendable (String) -> String)?
    /// Once: the next request signed with Digest is answered 401 with the server's last Digest challenge under a new
    /// nonce and `stale=true`, as a server whose nonce expired answers (RFC 7616 §3.3).
    var staleNonce = false
    /// A server that rewrites what it stores: each PUT's iCalendar is stored with its properties in another order,
    /// its own DTSTAMP and a property of its own, and the answer carries no ETag (RFC 4791 §5.3.4).
    var rewriteStored = false
    /// PROPFIND answers list members without their `getetag`.
    var hideETags = false
    /// The calendar home is named only at the principal: an answer to a PROPFIND that asks for
    /// `current-user-principal` too leaves `calendar-home-set` out, so the client must follow the principal.
    var principalOnly = false
    /// Answers the proxy gives writes itself, in order: each PUT or DELETE takes the first one left (a status, and
    /// headers such as `Retry-After`) before the server sees it; once none is left, writes pass again. A busy or
    /// locked server (503, 423) or a copy changed there (412), on the proxy's cue.
    var writeAnswers: [Answer] = []
  }

  /// An answer the proxy gives a write itself.
  struct Answer: Sendable {
    var status: Int
    var headers: [(String, String)] = []
  }

  private struct State {
    var schedule = Schedule()
    var random: SeededRandom
    var counts: [Fault: Int] = [:]
    var requests = 0
    var hidden = 0
    var methods: [String: Int] = [:]
    /// The last Digest challenge the server gave, and how many challenges (401s) it gave.
    var challenge: String?
    var challenges = 0
  }

  let port: Int
  private let upstreamPort: Int
  private let listener: Int32
  private let state: Locked<State>
  /// The listening socket (nil once stopped) and the connections being served; a connection is closed only under
  /// this lock.
  private let open: Locked<(listening: Int32?, clients: Set<Int32>)>

  /// A proxy to the server on 127.0.0.1 at `upstreamPort`, its faults drawn from `seed`.
  init(upstreamPort: Int, seed: UInt64) throws {
    self.upstreamPort = upstreamPort
    state = Locked(State(random: SeededRandom(seed)))
    (listener, port) = try LoopbackHTTP.listen()
    open = Locked((listener, []))
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// The proxy's address for a server address: the same path, through the proxy.
  func url(for server: String) -> String {
    server.replacingOccurrences(of: ":\(upstreamPort)/", with: ":\(port)/")
  }

  var schedule: Schedule {
    get { state.withLock { $0.schedule } }
    set { state.withLock { $0.schedule = newValue } }
  }

  /// How many requests passed, how many met each fault, and how many sync-collection REPORTs were refused.
  var tally: (requests: Int, faults: [Fault: Int], hidden: Int) {
    state.withLock { ($0.requests, $0.counts, $0.hidden) }
  }

  /// How many challenges (HTTP 401 with `WWW-Authenticate`) the server behind has given.
  var challenges: Int { state.withLock { $0.challenges } }

  /// How many requests with `method` passed (PUT, DELETE, PROPFIND, REPORT…).
  func requests(_ method: String) -> Int { state.withLock { $0.methods[method, default: 0] } }

  /// Stops listening and cuts the connections in flight. Once only: a descriptor closed twice could be another
  /// file's by then (a device's database). For the same reason the listening socket is shut down here and closed by
  /// the accepting thread as it leaves, never while that thread may still call accept on its number.
  func stop() {
    open.withLock { open in
      guard let listening = open.listening else { return }
      open.listening = nil
      shutdown(listening, Int32(SHUT_RDWR))
      for descriptor in open.clients { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }

  // MARK: Connections

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0, errno == EINTR || errno == ECONNABORTED { continue }
      guard client >= 0 else {
        close(listener)
        return
      }
      open.withLock { _ = $0.clients.insert(client) }
      Thread { [self] in
        serve(client)
        open.withLock {
          $0.clients.remove(client)
          close(client)
        }
      }.start()
    }
  }

  /// Reads one request, meets it with the schedule's fault or passes it on, and answers.
  private func serve(_ client: Int32) {
    guard var request = LoopbackHTTP.readRequest(client) else { return }
    let (fault, hide, stall, status) = state.withLock { state -> (Fault?, Bool, Double, Int) in
      state.requests += 1
      state.methods[request.method, default: 0] += 1
      let hide = state.schedule.hideSyncCollection && request.isSyncCollection
      if hide { state.hidden += 1 }
      let status = [500, 503, 507].randomElement(using: &state.random)!
      guard !hide, state.schedule.rate > 0, Double.random(in: 0..<1, using: &state.random) < state.schedule.rate
      else { return (nil, hide, state.schedule.stall, status) }
      let fault = Fault.allCases.randomElement(using: &state.random)!
      state.counts[fault, default: 0] += 1
      return (fault, false, state.schedule.stall, status)
    }
    if hide {
      return LoopbackHTTP.write(client, LoopbackHTTP.reply(status: 501, reason: "Not Implemented", body: Data()))
    }
    if request.method == "PUT" || request.method == "DELETE",
      let answer = state.withLock({ $0.schedule.writeAnswers.isEmpty ? nil : $0.schedule.writeAnswers.removeFirst() })
    {
      return LoopbackHTTP.write(
        client, LoopbackHTTP.reply(status: answer.status, reason: "Not Now", headers: answer.headers, body: Data()))
    }
    if let strict = schedule.strict, request.method == "PUT",
      String(decoding: request.body, as: UTF8.self).contains(strict.marker)
    {
      return LoopbackHTTP.write(
        client, LoopbackHTTP.reply(status: strict.status, reason: "Refused", body: Data(strict.body.utf8)))
    }
    switch fault {
    case .dropBefore: return
    case .errorBefore:
      return LoopbackHTTP.write(client, LoopbackHTTP.reply(status: status, reason: "Server Error", body: Data()))
    case .stall:
      Thread.sleep(forTimeInterval: stall)
      return
    default: break
    }
    if let stale = staleChallenge(request) {
      return LoopbackHTTP.write(
        client,
        LoopbackHTTP.reply(status: 401, reason: "Unauthorized", headers: [("WWW-Authenticate", stale)], body: Data()))
    }
    let families = schedule
    if families.rewriteStored || families.hideETags || families.principalOnly { request = Self.plain(request) }
    if families.rewriteStored, request.method == "PUT" { request = Self.rewritten(request) }
    request.head = Self.closing(request.head)
    if families.rewritePropfind != nil, request.method == "PROPFIND" {
      // The answer is rewritten as text, so it is asked for without compression.
      request.head = Data(
        LoopbackHTTP.replacing("Accept-Encoding", with: nil, in: String(decoding: request.head, as: UTF8.self)).utf8)
    }
    guard var answer = forward(request.head + request.body).map({ Self.family(families, request, $0) }) else {
      return
    }
    answer = challenged(answer, families)
    switch fault {
    case .dropAfter: return
    case .errorAfter:
      LoopbackHTTP.write(
        client, LoopbackHTTP.reply(status: status, reason: "Server Error", body: Data("the server had a problem".utf8)))
    case .cutBody, .cutBodyWhole:
      guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else { return }
      let body = answer[split.upperBound...]
      let half = body.prefix(body.count / 2)
      var head = String(decoding: answer[..<split.upperBound], as: UTF8.self)
      if fault == .cutBodyWhole { head = LoopbackHTTP.replacing("Content-Length", with: "\(half.count)", in: head) }
      LoopbackHTTP.write(client, Data(head.utf8) + half)
    default:
      LoopbackHTTP.write(client, answer)
    }
  }

  /// Sends a request to the server and reads its whole answer (the server closes after it).
  private func forward(_ data: Data) -> Data? {
    let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(server) }
    var address = LoopbackHTTP.loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { return nil }
    LoopbackHTTP.write(server, data)
    var answer = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(server, &buffer, buffer.count)
      guard count > 0 else { break }
      answer.append(contentsOf: buffer[0..<count])
    }
    return answer.isEmpty ? nil : Self.closing(answer)
  }

  // MARK: Sign-in

  /// The stale challenge a Digest-signed request meets, once, when the schedule asks for one.
  private func staleChallenge(_ request: LoopbackHTTP.Request) -> String? {
    state.withLock { state -> String? in
      guard state.schedule.staleNonce, request.header("Authorization")?.hasPrefix("Digest ") == true,
        let last = state.challenge
      else { return nil }
      state.schedule.staleNonce = false
      let fresh = last.replacingOccurrences(
        of: #"nonce="[^"]*""#, with: "nonce=\"fresh\(state.requests)\"", options: .regularExpression)
      return fresh + ", stale=true"
    }
  }

  /// A 401 answer with its challenge kept (a Digest one) and rewritten as the schedule says.
  private func challenged(_ answer: Data, _ schedule: Schedule) -> Data {
    guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else { return answer }
    let head = String(decoding: answer[..<split.upperBound], as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 401") || head.hasPrefix("HTTP/1.0 401"),
      let challenge = LoopbackHTTP.header("WWW-Authenticate", in: head)
    else { return answer }
    state.withLock { state in
      state.challenges += 1
      if challenge.lowercased().hasPrefix("digest") { state.challenge = challenge }
    }
    guard let rewrite = schedule.rewriteChallenge else { return answer }
    return Data(LoopbackHTTP.replacing("WWW-Authenticate", with: rewrite(challenge), in: head).utf8)
      + answer[split.upperBound...]
  }

  // MARK: HTTP

  /// A message (request or answer) that asks for its connection to close after it.
  private static func closing(_ message: Data) -> Data {
    guard let end = message.range(of: Data("\r\n\r\n".utf8)) else { return message }
    let head = LoopbackHTTP.replacing(
      "Connection", with: "close", in: String(decoding: message[..<end.upperBound], as: UTF8.self))
    return Data(head.utf8) + message[end.upperBound...]
  }
}

extension LoopbackHTTP.Request {
  fileprivate var isSyncCollection: Bool {
    String(decoding: head.prefix(7), as: UTF8.self).hasPrefix("REPORT")
      && String(decoding: body, as: UTF8.self).contains("sync-collection")
  }
}
