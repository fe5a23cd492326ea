import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideCalDAV

/// A real CalDAV server a test starts on 127.0.0.1 in a temporary folder and stops at its end (Radicale, sabre/dav,
/// Xandikos), with alice's account and a task list made at start: what a sync test needs of any of them, so one test
/// runs against every server (Swift Testing's `arguments:`) instead of being copied for each.
protocol CalDAVServer: AnyObject {
  /// The server's name and release, as a test's name and `Docs/sync.md`'s table say it.
  var name: String { get }
  /// The port it listens on (a FaultProxy's upstream).
  var port: Int { get }
  /// The server's root, where setup from the root starts discovery.
  var root: String { get }
  /// The task list the tests sync through (made at start).
  var collection: String { get }
  /// The account the tests log in as, and its password (none for a server without logins, as Xandikos).
  var user: String? { get }
  var password: String? { get }
  /// Makes a calendar in alice's calendar home for `components` (VTODO, VEVENT), as another app would; its address.
  func makeList(_ path: String, name: String, components: [String]) throws -> String
  func stop()
}

extension CalDAVServer {
  /// Makes a task list in alice's calendar home, as another app would; its address.
  @discardableResult
  func makeList(_ path: String, name: String) throws -> String {
    try makeList(path, name: name, components: ["VTODO"])
  }

  var dav: DAVSession { DAVSession(base: URL(string: root)!, user: user, password: password) }

  /// Writes a resource straight to a task list (the one the tests sync through, unless another is named), the way
  /// another app would.
  func put(_ name: String, _ text: String, in list: String? = nil) throws {
    _ = try dav.send(
      "PUT", URL(string: (list ?? collection) + name)!, headers: ["Content-Type": "text/calendar"],
      body: Data(text.utf8), accept: [201, 204])
  }

  /// A resource's text on the server.
  func get(_ href: String) throws -> String {
    String(decoding: try dav.send("GET", DAVPath.url(href, on: URL(string: root)!), accept: [200]).body, as: UTF8.self)
  }

  /// Deletes a resource, the way another app would.
  func delete(_ href: String) throws {
    _ = try dav.send("DELETE", DAVPath.url(href, on: URL(string: root)!), accept: [200, 204])
  }

  /// The hrefs in a task list (the one the tests sync through, unless another is named).
  func hrefs(in list: String? = nil) throws -> [String] {
    try dav.propfind(URL(string: list ?? collection)!, depth: 1, properties: "<d:getetag/>").map(\.href).filter {
      $0.hasSuffix(".ics")
    }
  }

  /// A MKCALENDAR body for a calendar named `name` that takes `components`.
  static func mkcalendar(_ name: String, _ components: [String]) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
    <d:displayname>\(name)</d:displayname><c:supported-calendar-component-set>\
    \(components.map { "<c:comp name=\"\($0)\"/>" }.joined())</c:supported-calendar-component-set>\
    </d:prop></d:set></c:mkcalendar>
    """
  }

  /// Waits until the server answers at `address` (its task list unless another is named: a server started before
  /// the list is made is asked at its root), while `process` runs; `missing` says what to install when it ends
  /// first. Asked without a password: an answer that asks for one (HTTP 401) is an answer too.
  func awaitAnswer(from process: Process, at address: String? = nil, saying missing: String) throws {
    let deadline = Date().addingTimeInterval(20)
    let probe = DAVSession(base: URL(string: root)!, user: nil, password: nil, timeout: 2)
    while Date() < deadline {
      if !process.isRunning {
        Issue.record("\(name) did not start: \(missing)")
        throw StrideError(.syncFailed, missing)
      }
      do {
        _ = try probe.send("OPTIONS", URL(string: address ?? collection)!, accept: [200])
        return
      } catch  where error.message.hasPrefix("the server refused the password") {
        return
      } catch {
        usleep(100_000)
      }
    }
    throw StrideError(.syncFailed, "\(name) did not answer within 20 seconds")
  }
}

extension Process {
  /// A server written in Python, run as `python3 ARGUMENTS`, its package found in `modules` (a folder under `.build`)
  /// when python3 has not that release of its own; its output goes nowhere.
  static func python(_ arguments: [String], modules: String?) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = (modules.map { ["PYTHONPATH=" + $0] } ?? []) + ["python3"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }

  /// Ends a test's server outright (its storage writes are atomic) and reaps it here: `waitUntilExit` waits on a run
  /// loop a test's thread does not run.
  func end() {
    kill(processIdentifier, SIGKILL)
    var status: Int32 = 0
    waitpid(processIdentifier, &status, 0)
  }
}

/// The servers the shared sync scenarios run against: each one's test starts its own, fresh.
enum ServerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case radicale = "Radicale"
  case sabre = "sabre/dav"
  case xandikos = "Xandikos"

  var testDescription: String { rawValue }

  /// A new server of this kind, started, with alice's task list.
  func start() throws -> any CalDAVServer {
    switch self {
    case .radicale: try Radicale()
    case .sabre: try SabreDAV()
    case .xandikos: try Xandikos()
    }
  }

  /// Whether it is installed: a Python package is installed by the test itself; sabre/dav needs Debian's packages.
  var installed: Bool {
    switch self {
    case .radicale, .xandikos: true
    case .sabre: Installed.all(["php"]) && FileManager.default.fileExists(atPath: SabreDAV.library)
    }
  }

  /// The kinds that run here: every one under `.ci/run` (which installs them), elsewhere those installed.
  static var here: [ServerKind] { allCases.filter { Installed.required || $0.installed } }
}

extension Xandikos: CalDAVServer {
  var name: String { "Xandikos \(Self.release)" }
  var user: String? { Self.user }
  var password: String? { nil }

  func makeList(_ path: String, name: String, components: [String]) throws -> String {
    let address = home + "\(path)/"
    _ = try dav.send(
      "MKCALENDAR", URL(string: address)!, body: Data(Self.mkcalendar(name, components).utf8), accept: [201])
    return address
  }
}
