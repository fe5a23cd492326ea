import Foundation
import StrideBase
import StridePlatform
import StrideTestSupport
import Testing

@testable import StrideCalDAV

/// A real sabre/dav CalDAV server (the engine behind Nextcloud, ownCloud and Baïkal) on 127.0.0.1: Debian's
/// php-sabre-dav 1.8 behind PHP's own web server (`php -S`), with the PDO SQLite backends for principals, calendars
/// and logins in a temporary folder, started by the test and stopped at its end. Its accounts are Radicale's
/// (alice/secret, bob/bobsecret), each with a calendar home; alice has a task list (VTODO only) made at start.
/// Logins are Digest, sabre's default (its PDO backend keeps Digest hashes), or Basic against the same hashes.
/// `.ci/run` installs php-cli, php-sqlite3 and php-sabre-dav.
final class SabreDAV: CalDAVServer {
  /// How the server asks for the password.
  enum Login: String {
    /// RFC 2617 Digest with MD5 and qop=auth, from sabre's PDO backend (what Baïkal's database login does).
    case digest
    /// Basic, checked against the same Digest hashes.
    case basic
  }

  let folder = Fixtures.temporaryDirectory()
  let port: Int
  let login: Login
  private var process: Process?
  let user: String? = Radicale.user
  let password: String? = Radicale.password
  /// The realm Digest hashes are made for.
  static let realm = "SabreDAV"
  /// Where Debian's php-sabre-dav puts the library.
  static let library = "/usr/share/php/Sabre/autoload.php"

  var name: String { "sabre/dav \(Self.version)" }
  var root: String { "http://127.0.0.1:\(port)/" }
  var collection: String { root + "calendars/\(Radicale.user)/tasks/" }

  /// Basic unless asked otherwise: the scenarios run with the logins every server here takes.
  init(login: Login = .basic) throws {
    port = try Radicale.freePort()
    self.login = login
    try Self.script.write(toFile: folder + "/server.php", atomically: true, encoding: .utf8)
    try start()
  }

  func makeList(_ path: String, name: String, components: [String]) throws -> String {
    let address = root + "calendars/\(Radicale.user)/\(path)/"
    _ = try dav.send(
      "MKCALENDAR", URL(string: address)!, body: Data(Self.mkcalendar(name, components).utf8), accept: [201])
    return address
  }

  /// Starts (or starts again, on the same port and folder) and waits until it answers.
  func start() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["SABRE_LOGIN=" + login.rawValue, "php", "-S", "127.0.0.1:\(port)", "server.php"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    try awaitAnswer(
      from: process,
      saying: "install it with 'sudo apt-get install php-cli php-sqlite3 php-sabre-dav'")
  }

  func stop() {
    process?.end()
    process = nil
  }

  deinit { stop() }

  /// The installed release, from sabre's own Version class.
  static let version: String = {
    let output = ExternalCommand.run(
      ["/usr/bin/env", "php", "-r", "require 'Sabre/autoload.php'; echo Sabre\\DAV\\Version::VERSION;"],
      input: [], timeout: 30)
    return output.map { String(decoding: $0, as: UTF8.self) } ?? "(not installed)"
  }()
}
