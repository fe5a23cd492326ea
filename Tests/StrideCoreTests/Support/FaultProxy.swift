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
  }

  private struct State {
    var schedule = Schedule()
    var random: SeededRandom
    var counts: [Fault: Int] = [:]
    var requests = 0
    var hidden = 0
  }

  let port: Int
  private let upstreamPort: Int
  private let listener: Int32
  private let state: Locked<State>
  /// The listening socket (nil once stopped) and the connections being served; closed only under this lock.
  private let open: Locked<(listening: Int32?, clients: Set<Int32>)>

  /// A proxy to the server on 127.0.0.1 at `upstreamPort`, its faults drawn from `seed`.
  init(upstreamPort: Int, seed: UInt64) throws {
    self.upstreamPort = upstreamPort
    state = Locked(State(random: SeededRandom(seed)))
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    open = Locked((listener, []))
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(listener, raw, length) == 0 && getsockname(listener, raw, &length) == 0
      }
    }
    guard bound, listen(listener, 64) == 0 else {
      close(listener)
      throw StrideError(.syncFailed, "the fault proxy could not listen on 127.0.0.1")
    }
    port = Int(UInt16(bigEndian: address.sin_port))
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

  /// Stops listening and cuts the connections in flight. Once only: a descriptor closed twice could be another
  /// file's by then (a device's database).
  func stop() {
    open.withLock { open in
      guard let listening = open.listening else { return }
      open.listening = nil
      shutdown(listening, Int32(SHUT_RDWR))
      close(listening)
      for descriptor in open.clients { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }

  // MARK: Connections

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
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
    guard var request = Self.readRequest(client) else { return }
    let (fault, hide, stall, status) = state.withLock { state -> (Fault?, Bool, Double, Int) in
      state.requests += 1
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
      return Self.write(client, Self.reply(status: 501, reason: "Not Implemented", body: ""))
    }
    switch fault {
    case .dropBefore: return
    case .errorBefore: return Self.write(client, Self.reply(status: status, reason: "Server Error", body: ""))
    case .stall:
      Thread.sleep(forTimeInterval: stall)
      return
    default: break
    }
    request.head = Self.closing(request.head)
    guard let answer = forward(request.head + request.body) else { return }
    switch fault {
    case .dropAfter: return
    case .errorAfter:
      Self.write(client, Self.reply(status: status, reason: "Server Error", body: "the server had a problem"))
    case .cutBody, .cutBodyWhole:
      guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else { return }
      let body = answer[split.upperBound...]
      let half = body.prefix(body.count / 2)
      var head = String(decoding: answer[..<split.upperBound], as: UTF8.self)
      if fault == .cutBodyWhole { head = Self.replacing("Content-Length", with: "\(half.count)", in: head) }
      Self.write(client, Data(head.utf8) + half)
    default:
      Self.write(client, answer)
    }
  }

  /// Sends a request to the server and reads its whole answer (the server closes after it).
  private func forward(_ data: Data) -> Data? {
    let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(server) }
    var address = Self.loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { return nil }
    Self.write(server, data)
    var answer = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(server, &buffer, buffer.count)
      guard count > 0 else { break }
      answer.append(contentsOf: buffer[0..<count])
    }
    return answer.isEmpty ? nil : Self.closing(answer)
  }

  // MARK: HTTP

  private struct Request {
    var head: Data
    var body: Data
    var isSyncCollection: Bool {
      String(decoding: head.prefix(7), as: UTF8.self).hasPrefix("REPORT")
        && String(decoding: body, as: UTF8.self).contains("sync-collection")
    }
  }

  /// One request: its head up to the blank line and a body of its Content-Length. A client that waits for
  /// `100 Continue` is told to go on.
  private static func readRequest(_ client: Int32) -> Request? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    var head: Data?
    var length = 0
    while true {
      if head == nil, let end = data.range(of: Data("\r\n\r\n".utf8)) {
        let text = String(decoding: data[..<end.upperBound], as: UTF8.self)
        head = Data(data[..<end.upperBound])
        data = Data(data[end.upperBound...])
        length = Int(header("Content-Length", in: text) ?? "0") ?? 0
        if header("Expect", in: text)?.lowercased() == "100-continue" {
          write(client, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
          head = Data(replacing("Expect", with: nil, in: text).utf8)
        }
      }
      if let head, data.count >= length { return Request(head: head, body: data.prefix(length)) }
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  private static func header(_ name: String, in head: String) -> String? {
    for line in head.components(separatedBy: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The head with a header set to `value` (or removed, with nil).
  private static func replacing(_ name: String, with value: String?, in head: String) -> String {
    var lines = head.components(separatedBy: "\r\n").filter {
      !$0.lowercased().hasPrefix(name.lowercased() + ":")
    }
    if let value { lines.insert("\(name): \(value)", at: 1) }
    return lines.joined(separator: "\r\n")
  }

  /// A message (request or answer) that asks for its connection to close after it.
  private static func closing(_ message: Data) -> Data {
    guard let end = message.range(of: Data("\r\n\r\n".utf8)) else { return message }
    let head = replacing("Connection", with: "close", in: String(decoding: message[..<end.upperBound], as: UTF8.self))
    return Data(head.utf8) + message[end.upperBound...]
  }

  private static func reply(status: Int, reason: String, body: String) -> Data {
    Data(
      "HTTP/1.1 \(status) \(reason)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
  }

  private static func write(_ descriptor: Int32, _ data: Data) {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return address
  }
}
