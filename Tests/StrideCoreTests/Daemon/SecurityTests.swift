import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Who may connect, where the socket may live, and what others can read.
@Suite("Security", .serialized)
struct SecurityTests {
  static let isRoot = getuid() == 0
  /// Root, with setpriv to run a client as the user nobody.
  static let canRunAsNobody = isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  @Test(
    "a peer with another user id is refused, even when file modes would let it in",
    .enabled(if: canRunAsNobody, "skipped: needs root and setpriv to run a client as the user nobody"))
  func otherUserRefused() throws {
    let running = try RunningServer()
    defer { running.stop() }
    // Open the way on purpose: only the SO_PEERCRED check stands between nobody and the daemon.
    chmod(running.directory, 0o711)
    chmod(running.socket, 0o666)
    let place = Fixtures.temporaryDirectory()
    chmod(place, 0o755)
    let binaries = Spawn.executableDirectory() ?? ""
    let copy = place + "/stride"
    try FileManager.default.copyItem(atPath: binaries + "/stride", toPath: copy)
    chmod(copy, 0o755)
    let harness = CommandLineHarness()
    defer { harness.finish() }
    let outcome = harness.run(
      "/usr/bin/setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", copy, "--socket", running.socket, "--no-autostart", "now"])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("strided closed the connection"), "\(outcome.stderr)")
    // The daemon's own user is still served.
    #expect(try StrideClient(path: running.socket).call(ServerInfo.self, NoParams()).openTasks == 0)
  }

  @Test("the /tmp-style socket directory is refused when it is a symlink, open to others, or someone else's")
  func privateDirectory() throws {
    let base = Fixtures.temporaryDirectory()
    let fresh = base + "/new/stride"
    try PrivateDirectory.prepare(fresh, strict: true)
    var info = stat()
    #expect(stat(fresh, &info) == 0 && info.st_mode & 0o777 == 0o700)

    let target = base + "/target"
    mkdir(target, 0o700)
    symlink(target, base + "/link")
    #expect(throws: StrideError.self) { try PrivateDirectory.prepare(base + "/link", strict: true) }

    let open = base + "/open"
    mkdir(open, 0o700)
    chmod(open, 0o777)
    #expect {
      try PrivateDirectory.prepare(open, strict: true)
    } throws: { error in
      (error as? StrideError)?.message.contains("chmod 700") == true
    }
    if Self.isRoot {
      let theirs = base + "/theirs"
      mkdir(theirs, 0o700)
      chown(theirs, 65534, 65534)
      #expect(throws: StrideError.self) { try PrivateDirectory.prepare(theirs, strict: true) }
    }
  }

  @Test("without XDG_RUNTIME_DIR the socket goes in /tmp/stride-UID")
  func fallbackPath() {
    let paths = StridePaths(environment: ["HOME": "/home/ada"])
    #expect(paths.socket == "/tmp/stride-\(getuid())/strided.sock")
    #expect(paths.socketDirectoryIsStrides(environment: ["HOME": "/home/ada"]))
    #expect(StridePaths(environment: ["XDG_RUNTIME_DIR": "relative/not/allowed"]).socket.hasPrefix("/tmp/stride-"))
  }

  @Test("nothing the daemon writes can be read by other users")
  func fileModes() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "buy stamps ~5m").status == 0)
    #expect(cli.stride("done", "1").status == 0)
    var paths = [cli.database, cli.database + "-wal", cli.database + "-shm", cli.root + "/data/stride/strided.lock"]
    paths += [cli.root + "/state/stride/strided.log", cli.socket]
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        Issue.record("\(path) is missing")
        continue
      }
      #expect(info.st_mode & 0o077 == 0, "\(path) has mode \(String(info.st_mode & 0o777, radix: 8))")
    }
    for directory in [cli.root + "/data/stride", cli.root + "/state/stride", cli.root + "/run/stride"] {
      var info = stat()
      #expect(stat(directory, &info) == 0 && info.st_mode & 0o077 == 0, "\(directory)")
    }
  }
}
