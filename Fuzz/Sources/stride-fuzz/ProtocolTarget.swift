import Foundation

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideTransport
@testable import StrideWire

/// The daemon's whole request path, without the socket: bytes arrive in two pieces, the line framer cuts them into
/// lines, and each line goes through the envelope, the method's params and the method itself, over a real store.
enum ProtocolTarget {
  /// A smaller limit than the daemon's 1 MiB, so that inputs of libFuzzer's sizes reach the too-long path too.
  static let maxLineBytes = 512
  static let knownCodes = Set(StrideError.Code.allCases.map(\.wireCode))

  /// The dispatcher, over a database in a folder of its own; a fresh one every 64 inputs, so the store
  /// does not grow without end.
  nonisolated(unsafe) static var dispatcher: Dispatcher?
  nonisolated(unsafe) static var calls = 0
  nonisolated(unsafe) static var folder: String?

  static func freshDispatcher() -> Dispatcher {
    dispatcher?.close()
    if let folder { try? FileManager.default.removeItem(atPath: folder) }
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = base + "/stride-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    folder = path
    let store = try! TaskStore(path: path + "/stride.db")
    let made = Dispatcher(store: store, clock: { reference }, timeZone: zones[1]) { openTasks in
      ServerInfo.Result(
        server: "strided/fuzz", version: strideVersion, pid: getpid(), socket: "", database: path,
        startedAt: Timestamp(reference), openTasks: openTasks)
    }
    dispatcher = made
    return made
  }

  static func run(_ bytes: [UInt8]) {
    calls += 1
    let dispatcher = calls % 64 == 1 || Self.dispatcher == nil ? freshDispatcher() : Self.dispatcher!
    var framer = LineFramer(maxLineBytes: maxLineBytes)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % bytes.count
    var gaveUp = false
    for piece in [bytes[..<cut], bytes[cut...]] {
      for frame in framer.append(piece) {
        require(!gaveUp, "the framer yielded a frame after a line too long")
        switch frame {
        case .tooLong: gaveUp = true
        case .line(let line):
          require(line.count <= maxLineBytes && !line.contains(0x0A), "a line of \(line.count) bytes came through")
          check(dispatcher.respond(to: line), for: line)
        }
      }
    }
  }

  /// One line of JSON: a JSON-RPC 2.0 response with the request's id, and exactly one of a result and an error
  /// whose code is one Stride documents.
  static func check(_ reply: Data, for line: [UInt8]) {
    let bytes = Array(reply)
    require(bytes.last == 0x0A && bytes.firstIndex(of: 0x0A) == bytes.count - 1, "a reply that is not one line")
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes.dropLast())
    } catch {
      require(false, "a reply that is not JSON: \(String(decoding: bytes, as: UTF8.self))")
      return
    }
    require(value["jsonrpc"] == .string("2.0"), "a reply without jsonrpc 2.0")
    let code: Int? = if case .integer(let number)? = value["error"]?["code"] { Int(number) } else { nil }
    require((value["result"] != nil) != (code != nil), "a reply with both or neither of result and error")
    if let code { require(knownCodes.contains(code), "an undocumented error code \(code)") }
    if case .success(let request) = Request.parse(line) {
      let id: JSONValue =
        switch request.id {
        case .number(let number): .integer(number)
        case .string(let text): .string(text)
        }
      require(value["id"] == id, "the reply's id is not the request's")
    }
  }
}
