import Foundation

@testable import StrideBase

/// HTTP/1.1 on a socket on 127.0.0.1, as the test servers speak it: a listening socket, a request read to the end of
/// its body, a reply written whole. Shared by `FaultProxy` and `LoopbackServer`.
enum LoopbackHTTP {
  /// One request: its head up to the blank line and a body of its Content-Length.
  struct Request: Sendable {
    var head: Data
    var body: Data

    /// "GET", "REPORT", …
    var method: String { String(requestLine.split(separator: " ").first ?? "") }
    /// The path asked for, with its query.
    var path: String {
      let parts = requestLine.split(separator: " ")
      return parts.count > 1 ? String(parts[1]) : ""
    }
    /// A header's value, whatever its case.
    func header(_ name: String) -> String? { LoopbackHTTP.header(name, in: String(decoding: head, as: UTF8.self)) }
    private var requestLine: String {
      String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
    }
  }

  /// A socket listening on 127.0.0.1 at a port the system chose, and that port.
  static func listen() throws -> (descriptor: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(listener, raw, length) == 0 && getsockname(listener, raw, &length) == 0
      }
    }
    guard bound, Glibc.listen(listener, 64) == 0 else {
      close(listener)
      throw StrideError(.syncFailed, "a test server could not listen on 127.0.0.1")
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Reads one request. A client that waits for `100 Continue` is told to go on.
  static func readRequest(_ client: Int32) -> Request? {
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

  static func header(_ name: String, in head: String) -> String? {
    for line in head.components(separatedBy: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The head with a header set to `value` (or removed, with nil).
  static func replacing(_ name: String, with value: String?, in head: String) -> String {
    var lines = head.components(separatedBy: "\r\n").filter {
      !$0.lowercased().hasPrefix(name.lowercased() + ":")
    }
    if let value { lines.insert("\(name): \(value)", at: 1) }
    return lines.joined(separator: "\r\n")
  }

  /// A whole reply that closes its connection after it.
  static func reply(status: Int, reason: String, headers: [(String, String)] = [], body: Data) -> Data {
    let lines = [("Content-Length", "\(body.count)")] + headers + [("Connection", "close")]
    return Data(("HTTP/1.1 \(status) \(reason)\r\n" + lines.map { "\($0): \($1)\r\n" }.joined() + "\r\n").utf8) + body
  }

  static func write(_ descriptor: Int32, _ data: Data) {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return address
  }
}
