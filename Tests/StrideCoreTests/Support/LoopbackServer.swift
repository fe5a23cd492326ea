import Foundation

@testable import StrideBase

/// A small HTTP/1.1 server on 127.0.0.1 that answers each request from a closure, on one thread, one connection at a
/// time, and keeps the requests it was sent. A test starts it and stops it (or lets it go, which stops it).
final class LoopbackServer: @unchecked Sendable {
  // @unchecked: `answer` and `port` never change; everything else is under its lock.

  /// What the server does with a request.
  enum Answer: Sendable {
    /// A reply: its status, headers and body, with a Content-Length.
    case reply(status: Int, headers: [(String, String)] = [], body: Data = Data())
    /// A reply with no Content-Length, its end marked by closing the connection.
    case unsized(status: Int, headers: [(String, String)] = [], body: Data)
    /// Nothing at all: the connection stays open and silent until the server stops.
    case silence
  }

  let port: Int
  private let answer: @Sendable (LoopbackHTTP.Request) -> Answer
  /// The listening socket (nil once stopped) and the connections held silent.
  private let open: Locked<(listening: Int32?, silent: [Int32])>
  private let received = Locked<[LoopbackHTTP.Request]>([])

  init(answer: @escaping @Sendable (LoopbackHTTP.Request) -> Answer) throws {
    self.answer = answer
    let (listener, port) = try LoopbackHTTP.listen()
    self.port = port
    open = Locked((listener, []))
    Thread { [self] in serve(listener) }.start()
  }

  /// The address of `path` on this server.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The requests answered so far, in order.
  var requests: [LoopbackHTTP.Request] { received.withLock { $0 } }

  /// Stops listening and closes the silent connections. The listening socket is shut down here but closed by the
  /// serving thread as it leaves: closed here, its number could be a new server's socket by the time the thread
  /// calls accept again, and this server would answer that one's requests.
  func stop() {
    open.withLock { open in
      guard let listening = open.listening else { return }
      open.listening = nil
      shutdown(listening, Int32(SHUT_RDWR))
      for descriptor in open.silent {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
      }
    }
  }

  deinit { stop() }

  private func serve(_ listener: Int32) {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0, errno == EINTR || errno == ECONNABORTED { continue }
      guard client >= 0 else {
        close(listener)
        return
      }
      guard let request = LoopbackHTTP.readRequest(client) else {
        close(client)
        continue
      }
      received.withLock { $0.append(request) }
      switch answer(request) {
      case .reply(let status, let headers, let body):
        LoopbackHTTP.write(client, LoopbackHTTP.reply(status: status, reason: "Answer", headers: headers, body: body))
      case .unsized(let status, let headers, let body):
        let head =
          "HTTP/1.1 \(status) Answer\r\n" + headers.map { "\($0): \($1)\r\n" }.joined() + "Connection: close\r\n"
        LoopbackHTTP.write(client, Data((head + "\r\n").utf8) + body)
      case .silence:
        let kept = open.withLock { open -> Bool in
          guard open.listening != nil else { return false }
          open.silent.append(client)
          return true
        }
        if !kept { close(client) }
        continue
      }
      shutdown(client, Int32(SHUT_WR))
      close(client)
    }
  }
}
