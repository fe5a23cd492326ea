import Foundation
import StridePlatform
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

/// A real Radicale CalDAV server on 127.0.0.1, with its storage in a temporary folder and htpasswd logins
/// (alice/secret, and bob/bobsecret for a second person), started by the test and stopped at its end. `.ci/run`
/// installs Radicale when it is missing.
final class Radicale: CalDAVServer {
  let folder = Fixtures.temporaryDirectory()
  let port: Int
  private var process: Process?
  static let user = "alice"
  static let password = "secret"
  /// A second person on the same server, with a calendar home of their own.
  static let partner = "bob"
  static let partnerPassword = "bobsecret"
  var user: String? { Self.user }
  var password: String? { Self.password }
  var name: String { "Radicale \(Self.version)" }

  var root: String { "http://127.0.0.1:\(port)/" }
  /// The task list the tests sync through (made at start).
  var collection: String { root + "alice/tasks/" }

  /// With `rights` (Radicale's own rights file), each account may do what the file says; else each only its own.
  /// With `sharing`, Radicale's own sharing (3.9's `[sharing]`, a map from one account's collection into another's
  /// home) is on, its database a CSV file in the folder.
  init(rights: String? = nil, sharing: Bool = false) throws {
    port = try Self.freePort()
    try "\(Self.user):\(Self.password)\n\(Self.partner):\(Self.partnerPassword)\n".write(
      toFile: folder + "/users", atomically: true, encoding: .utf8)
    if let rights { try rights.write(toFile: folder + "/rights", atomically: true, encoding: .utf8) }
    try """
    [server]
    hosts = 127.0.0.1:\(port)
    [auth]
    type = htpasswd
    htpasswd_filename = \(folder)/users
    htpasswd_encryption = plain
    [storage]
    filesystem_folder = \(folder)/collections
    [rights]
    \(rights == nil ? "type = owner_only" : "type = from_file\nfile = \(folder)/rights")
    \(sharing ? Self.sharing(folder) : "")
    [logging]
    level = warning
    """.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    try start()
    _ = try makeList("tasks", name: "Tasks")
  }

  func makeList(_ path: String, name: String, components: [String]) throws -> String {
    let address = root + "\(Self.user)/\(path)/"
    _ = try dav.send(
      "MKCALENDAR", URL(string: address)!, body: Data(Self.mkcalendar(name, components).utf8), accept: [201])
    return address
  }

  private static func sharing(_ folder: String) -> String {
    """
    [sharing]
    type = csv
    database_path = \(folder)/shares.csv
    collection_by_map = True
    permit_create_map = True
    """
  }

  /// Shares alice's collection at `path` with bob, read and write, as Radicale's web page does through its sharing
  /// API: it appears in bob's home at `bob/<name>/` once he accepts, which he does here. Its address for bob.
  func share(_ path: String, as name: String) throws -> String {
    let json = ["Content-Type": "application/json"]
    let mapped = "/\(Self.partner)/\(name)/"
    let offer =
      #"{"PathMapped":"/\#(Self.user)/\#(path)/","PathOrToken":"\#(mapped)","User":"\#(Self.partner)","#
      + #""Permissions":"rw","Enabled":true,"Hidden":false}"#
    _ = try dav.send(
      "POST", URL(string: root + ".sharing/v1/map/create")!, headers: json, body: Data(offer.utf8), accept: [200])
    let bob = DAVSession(base: URL(string: root)!, user: Self.partner, password: Self.partnerPassword)
    let accept = #"{"PathOrToken":"\#(mapped)","Enabled":true,"Hidden":false}"#
    _ = try bob.send(
      "POST", URL(string: root + ".sharing/v1/map/update")!, headers: json, body: Data(accept.utf8), accept: [200])
    return root + mapped.dropFirst()
  }

  /// Gives the accounts new rights: Radicale reads its rights file only when it starts, so it starts again.
  func setRights(_ rights: String) throws {
    try rights.write(toFile: folder + "/rights", atomically: true, encoding: .utf8)
    stop()
    try start()
  }

  /// Starts (or starts again, on the same port and folder) and waits until it answers.
  func start() throws {
    let process = Process.python(["-m", "radicale", "--config", folder + "/config"], modules: Self.modules)
    try process.run()
    self.process = process
    try awaitAnswer(from: process, at: root, saying: "install it into .build/radicale with 'pip install radicale'")
  }

  /// The installed release.
  static let version: String = {
    let output = ExternalCommand.run(
      ["/usr/bin/env"] + (modules.map { ["PYTHONPATH=" + $0] } ?? [])
        + ["python3", "-c", "import radicale; print(radicale.VERSION, end='')"], input: [], timeout: 30)
    return output.map { String(decoding: $0, as: UTF8.self) } ?? "(not installed)"
  }()

  /// Where Radicale's Python modules are when python3 has none of its own.
  private static let modules = PythonPackage.path(module: "radicale", package: "radicale")

  func stop() {
    process?.end()
    process = nil
  }

  deinit { stop() }

  /// A port on 127.0.0.1 nobody listens on, for a server a test starts. It is taken below the kernel's ephemeral
  /// range (32768 and up on Linux), so no socket another test binds to port 0 or connects from can be given it
  /// between this check and the server's own bind, and never twice in one run.
  static func freePort() throws -> Int {
    for _ in 0..<200 {
      let port = Int.random(in: 20_000..<32_768)
      guard handedOut.withLock({ $0.insert(port).inserted }), isFree(port) else { continue }
      return port
    }
    throw StrideError(.syncFailed, "no free port on 127.0.0.1 between 20000 and 32767")
  }

  /// The ports `freePort` has given in this run.
  private static let handedOut = Locked<Set<Int>>([])

  /// Whether a socket can bind `port` on 127.0.0.1 now.
  private static func isFree(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(descriptor, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// One device: a store and a daemon's dispatcher in this process, with its own clock, syncing through a server.
final class SyncDevice {
  let path = Fixtures.temporaryDirectory() + "/stride.db"
  private let time = TestClock()
  private(set) var dispatcher: Dispatcher
  private var password: String
  let timeZone: TimeZone
  /// How long one request to the server may take.
  private let timeout: Double
  /// How sync waits: every wait is noted in `pauses` and returns at once, and a pass that could not finish is tried
  /// again after `firstRetry` seconds (once passes run by themselves).
  private let timing: SyncTiming
  /// The waits sync asked for (between tries of a write), in seconds, in order.
  let pauses = Locked<[Double]>([])

  init(
    password: String = Radicale.password, timeZone: TimeZone = TimeZone(identifier: "UTC")!, timeout: Double = 30,
    firstRetry: Double = 15
  ) throws {
    self.password = password
    self.timeZone = timeZone
    self.timeout = timeout
    timing = SyncTiming(pause: { [pauses] seconds in pauses.withLock { $0.append(seconds) } }, firstRetry: firstRetry)
    dispatcher = try Self.open(path, time, password, timeZone, timeout, timing)
  }

  private static func open(
    _ path: String, _ time: TestClock, _ password: String, _ timeZone: TimeZone, _ timeout: Double,
    _ timing: SyncTiming
  ) throws -> Dispatcher {
    Dispatcher(
      store: try TaskStore(path: path), clock: { time.now }, timeZone: timeZone,
      syncConnector: CalDAVConnector(timeout: timeout), environment: ["STRIDE_SYNC_PASSWORD": password],
      syncTiming: timing
    ) { open in
      ServerInfo.Result(
        server: "strided/test", version: strideVersion, pid: 0, socket: "", database: "",
        startedAt: Timestamp(Fixtures.now),
        openTasks: open)
    }
  }

  /// Moves this device's clock on.
  func advance(_ seconds: TimeInterval) { time.advance(seconds) }

  /// Stops the dispatcher and opens the database again (a daemon restart).
  func restart() throws {
    dispatcher.close()
    dispatcher = try Self.open(path, time, password, timeZone, timeout, timing)
  }

  /// This device's clock.
  var now: Date { time.now }

  /// Calls a method as a client in `session` (a terminal) would, or as one nobody knows the terminal of.
  func call<M: WireMethod>(_: M.Type, _ params: M.Params, in session: ConnectionSession? = nil) throws -> M.Result
  where M.Params: Decodable, M.Result: Encodable {
    let line = try WireEncoder().encode(DeviceRequest(method: M.name, params: params))
    let reply = try JSONDecoder().decode(
      DeviceReply<M.Result>.self, from: dispatcher.respond(to: Array(line), session: session))
    if let error = reply.error { throw StrideError(StrideError.Code(rawValue: error.data.reason)!, error.message) }
    return try #require(reply.result)
  }

  @discardableResult
  func capture(_ text: String) throws -> StrideTask {
    try StrideTask(try #require(try call(Wire.TaskCapture.self, .init(text: text)).task))
  }

  func setUp(_ server: some CalDAVServer, url: String? = nil) throws -> SyncSetup.Result {
    try call(SyncSetup.self, .init(url: url ?? server.collection, user: server.user))
  }

  @discardableResult
  func sync() throws -> SyncReport { try call(SyncRun.self, .init()) }

  /// Every task, open and done.
  var tasks: [StrideTask] {
    get throws { try call(Wire.TaskList.self, .init(status: .all)).tasks.map(StrideTask.init) }
  }

  func task(_ title: String) throws -> StrideTask {
    try #require(try tasks.first { $0.title == title }, "no task titled \(title)")
  }

  deinit { dispatcher.close() }
}

private struct DeviceRequest<P: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var id = 1
  var method: String
  var params: P
}

private struct DeviceReply<R: Decodable>: Decodable {
  var result: R?
  var error: WireError?
}

/// A device's clock: fixed until a test moves it on.
final class TestClock: Sendable {
  private let time: Locked<Date>
  init(_ start: Date = Fixtures.now) { time = Locked(start) }
  var now: Date { time.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
  /// Sets the clock to an RFC 3339 instant ("2026-11-21T09:00:00Z").
  func set(_ text: String) { time.withLock { $0 = Fixtures.at(text) } }
}
