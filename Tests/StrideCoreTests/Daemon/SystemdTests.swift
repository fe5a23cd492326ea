import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StridePlatform
@testable import StrideProtocol
@testable import StrideTransport

#if canImport(Glibc)
  import Glibc
#endif

/// strided under systemd, simulated: the test does what systemd does (listens on the socket, passes it as
/// descriptor 3 with LISTEN_FDS and LISTEN_PID, and reads NOTIFY_SOCKET datagrams).
@Suite("systemd activation and readiness")
struct SystemdTests {
  /// A datagram socket standing in for systemd's notification socket.
  final class NotifySocket {
    let path: String
    let descriptor: Int32

    init(path: String) throws {
      self.path = path
      descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try #require(bound == 0)
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// The next notification, or nil after 10 seconds of silence.
    func next() -> String? {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }
  }

  /// Starts strided the way systemd does: the listener as descriptor 3, LISTEN_PID naming the new process.
  static func activate(_ cli: CommandLineHarness, listener: UnixSocket, notify: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, listener.descriptor, 3)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The shell's pid is the daemon's after exec, as systemd sets LISTEN_PID in the child before exec.
    let script = #"LISTEN_PID=$$ exec "$0""#
    let words: [String] = ["/bin/sh", "-c", script, cli.binaries + "/strided"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var environment = cli.environment
    environment["LISTEN_FDS"] = "1"
    environment["NOTIFY_SOCKET"] = notify
    let env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let result = Spawn.withChildAttributes { attributes in
      posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, env)
    }
    try #require(result == 0)
    return pid
  }

  @Test("strided serves the socket systemd passes, says READY=1 and STOPPING=1, and leaves the socket to systemd")
  func socketActivation() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    try PrivateDirectory.prepare(cli.root + "/run/stride", strict: true)
    let listener = try UnixSocket.listen(path: cli.socket)
    let notify = try NotifySocket(path: cli.root + "/notify.sock")

    let first = try Self.activate(cli, listener: listener, notify: notify.path)
    let ready = try #require(notify.next())
    #expect(ready.hasPrefix("READY=1\nMAINPID=\(first)\n"))
    #expect(cli.stride("add", "call the dentist").status == 0)
    let status = cli.stride("daemon", "status", "--json")
    #expect(status.stdout.contains(#""socket":"\#(cli.socket)""#))

    kill(first, SIGTERM)
    #expect(notify.next()?.hasPrefix("STOPPING=1") == true)
    var exitStatus: Int32 = 0
    waitpid(first, &exitStatus, 0)
    #expect(exitStatus == 0)
    // systemd still owns the socket: the file stays, and a client that connects now waits in its queue...
    #expect(FileManager.default.fileExists(atPath: cli.socket))
    let waiting = try UnixSocket.connect(path: cli.socket)
    waiting.setTimeouts(receive: 10, send: 10)

    // ...until systemd starts the daemon again on the same socket, which greets it and has the task.
    let second = try Self.activate(cli, listener: listener, notify: notify.path)
    #expect(notify.next()?.hasPrefix("READY=1") == true)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = try waiting.read(into: &buffer)
    #expect(String(decoding: buffer[0..<count], as: UTF8.self).contains("server.hello"))
    #expect(cli.stride("list").stdout.contains("call the dentist"))
    kill(second, SIGTERM)
    waitpid(second, &exitStatus, 0)
  }

  @Test("a descriptor that is not a listening socket is refused with a message that says where to look")
  func wrongDescriptor() throws {
    let environment = ["LISTEN_PID": String(getpid()), "LISTEN_FDS": "1"]
    let saved = dup(3)
    defer {
      if saved >= 0 {
        dup2(saved, 3)
        close(saved)
      } else {
        close(3)
      }
    }
    let file = open("/dev/null", O_RDONLY)
    dup2(file, 3)
    close(file)
    #expect(throws: StrideError.self) { try Systemd.passedListener(environment: environment) }
    // Not for this process: ignored.
    #expect(try Systemd.passedListener(environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1"]) == nil)
  }

  @Test("stride daemon install writes the units of Docs/systemd, with the path of this strided")
  func install() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let outcome = cli.stride("daemon", "install")
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("  systemctl --user daemon-reload\n"))
    #expect(outcome.stdout.contains("  systemctl --user enable --now strided.socket strided.service\n"))
    let directory = cli.root + "/config/systemd/user"
    let socket = try String(contentsOfFile: directory + "/strided.socket", encoding: .utf8)
    let service = try String(contentsOfFile: directory + "/strided.service", encoding: .utf8)
    #expect(service.contains("ExecStart=\(cli.binaries)/strided\n"))
    #expect(socket.contains("SocketMode=0600\n") && socket.contains("DirectoryMode=0700\n"))
    #expect(service.contains("Type=notify\n"))
    let docs = Repository.root + "/Docs/systemd/"
    #expect(try String(contentsOfFile: docs + "strided.socket", encoding: .utf8) == SystemdUnits.socket)
    #expect(
      try String(contentsOfFile: docs + "strided.service", encoding: .utf8)
        == SystemdUnits.service(executable: "strided"))
  }
}
