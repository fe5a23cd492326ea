import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// A real Xandikos CalDAV server on 127.0.0.1 (the git-backed one: each PUT or DELETE is a commit made under one lock
/// per collection, so writes that meet answer 423 or 500), with its storage in a temporary folder, started by the
/// test and stopped at its end. It has no logins: Stride sends no password to it. The release is pinned (how it
/// answers writes that meet is the release's); `.ci/run` installs it into `.build/xandikos`, where the test itself
/// puts it when it is missing.
final class Xandikos {
  let folder = Fixtures.temporaryDirectory()
  let port: Int
  private var process: Process?
  /// The release the tests were written against.
  static let release = "0.4.10"
  /// Xandikos has no accounts: the one person's principal is `/user/`.
  static let user: String? = nil

  var root: String { "http://127.0.0.1:\(port)/" }
  /// The calendar home, where `--defaults` makes a calendar and an address book.
  var home: String { root + "user/calendars/" }
  /// The task list the tests sync through (made at start).
  var collection: String { home + "tasks/" }

  init() throws {
    port = try Radicale.freePort()
    try start()
    _ = try makeList("tasks", name: "Tasks")
  }

  /// Starts (or starts again, on the same port and folder) and waits until it answers.
  func start() throws {
    let process = Process.python(
      [
        "-m", "xandikos", "serve", "--defaults", "-d", folder + "/dav", "--state-dir", folder + "/state",
        "--no-detect-systemd", "-l", "127.0.0.1", "-p", String(port),
      ], modules: Self.modules)
    try process.run()
    self.process = process
    try awaitAnswer(
      from: process, at: home,
      saying: "install it into .build/xandikos with 'pip install --target .build/xandikos xandikos==\(Self.release)'")
  }

  /// Where Xandikos's Python modules are (the pinned release), when python3 has not that one of its own.
  private static let modules = PythonPackage.path(module: "xandikos", package: "xandikos", version: release)

  func stop() {
    process?.end()
    process = nil
  }

  deinit { stop() }
}

extension SyncDevice {
  /// Sets sync up with a Xandikos list (its collection unless another address is given), with no user name: the
  /// server asks for no password.
  @discardableResult
  func setUp(_ server: Xandikos, url: String? = nil) throws -> SyncSetup.Result {
    try call(SyncSetup.self, .init(url: url ?? server.collection, user: nil))
  }
}
