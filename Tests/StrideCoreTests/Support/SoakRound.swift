import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

/// One round of the sync soak: a fresh task list on a real server, two devices syncing through a fault proxy on a
/// random schedule, and another app writing to the server directly, all changing tasks throughout. Every change is
/// written down as it is acknowledged, so the end state can be held against what must be true of it. Every task's
/// title starts with its key (`k7`), which renames keep; every step's title is unique (`s12`).
final class SoakRound {
  let seed: UInt64
  private var random: SeededRandom
  let server: Radicale
  let proxy: FaultProxy
  let list: String
  let devices: [SyncDevice]
  let names = ["a", "b"]
  private(set) var log: [String] = []
  /// What was acknowledged: tasks made, renamed, completed, deleted; steps added and ticked.
  private(set) var created: [String: String] = [:]
  private(set) var renames: [String: [(by: String, title: String)]] = [:]
  private(set) var completed: Set<String> = []
  private(set) var deleted: Set<String> = []
  private(set) var steps: [String: Set<String>] = [:]
  private(set) var ticked: Set<String> = []
  /// Keys renamed on both devices without either having seen the other's title: a conflict must be named.
  private(set) var concurrent: Set<String> = []
  private(set) var failedPasses = 0
  private var counter = 0
  private var clock = 0.0

  init(server: Radicale, seed: UInt64, rate: Double) throws {
    self.seed = seed
    self.server = server
    random = SeededRandom(seed &* 7919)
    list = try server.makeList("soak-\(seed)", name: "Soak \(seed)")
    proxy = try FaultProxy(upstreamPort: server.port, seed: seed)
    devices = try [SyncDevice(timeout: 1), SyncDevice(timeout: 1)]
    for device in devices {
      _ = try device.call(SyncSetup.self, .init(url: proxy.url(for: list), user: Radicale.user))
    }
    proxy.schedule = FaultProxy.Schedule(
      rate: rate, hideSyncCollection: Int.random(in: 0..<4, using: &random) == 0, stall: 1.5)
  }

  deinit { proxy.stop() }

  // MARK: The schedule

  /// Runs `steps` random actions: a change on a device or in the other app, a pass, or a daemon restart.
  func run(steps count: Int) throws {
    for _ in 0..<count {
      clock += 60
      for device in devices { device.advance(60) }
      let roll = Int.random(in: 0..<100, using: &random)
      let who = Int.random(in: 0..<2, using: &random)
      switch roll {
      case 0..<45:
        do {
          try change(on: who)
        } catch let error as StrideError {
          // A change the task's state does not allow (a step added to a done task): refused, not acknowledged.
          log.append("\(names[who]): refused: \(error.message)")
        }
      case 45..<60: try foreignChange()
      case 60..<95: pass(who)
      default:
        log.append("\(names[who]): restart")
        try devices[who].restart()
      }
    }
  }

  /// A pass that may fail on the hostile network: counted, never fatal.
  func pass(_ who: Int) {
    do {
      let report = try devices[who].sync()
      log.append("\(names[who]): sync sent \(report.sent) received \(report.received) conflicts \(report.conflicts)")
    } catch {
      failedPasses += 1
      log.append("\(names[who]): sync failed: \(error)")
    }
  }

  private func nextNumber() -> Int {
    counter += 1
    return counter
  }

  private static func key(_ title: String) -> String { String(title.prefix { $0 != " " }) }

  // MARK: Changes on a device

  private func change(on who: Int) throws {
    let device = devices[who]
    let name = names[who]
    let tasks = try device.tasks
    let roll = Int.random(in: 0..<100, using: &random)
    guard roll >= 30, let task = tasks.randomElement(using: &random) else {
      let key = "k\(nextNumber())"
      let title = "\(key) \(SeededRandom.verbs.randomElement(using: &random)!) the thing"
      try device.capture(title)
      created[key] = title
      log.append("\(name): capture \(title)")
      return
    }
    let key = Self.key(task.title)
    switch roll {
    case 30..<50:
      let title = "\(key) renamed by \(name) \(nextNumber())"
      // The other device's last rename, and every title set since: seeing none of them, this one is concurrent.
      let history = renames[key, default: []]
      if let last = history.lastIndex(where: { $0.by != name && $0.by != "other" }),
        !history[last...].contains(where: { $0.title == task.title })
      {
        concurrent.insert(key)
      }
      _ = try device.call(Wire.TaskUpdate.self, .init(id: task.id, title: title))
      renames[key, default: []].append((name, title))
      log.append("\(name): rename \(key) to \(title)")
    case 50..<62 where task.status.isOpen:
      _ = try device.call(Wire.TaskComplete.self, .init(id: task.id))
      completed.insert(key)
      log.append("\(name): complete \(key)")
    case 62..<80:
      let step = "s\(nextNumber())"
      _ = try device.call(Wire.SubtaskAdd.self, .init(id: task.id, title: step))
      steps[key, default: []].insert(step)
      log.append("\(name): add step \(step) to \(key)")
    case 80..<92:
      guard let index = task.subtasks.firstIndex(where: { !$0.done }) else { return }
      _ = try device.call(Wire.SubtaskComplete.self, .init(id: task.id, index: index + 1))
      ticked.insert(task.subtasks[index].title)
      log.append("\(name): tick \(task.subtasks[index].title) of \(key)")
    case 92..<100:
      _ = try device.call(Wire.TaskDelete.self, .init(id: task.id))
      deleted.insert(key)
      log.append("\(name): delete \(key)")
    default: break
    }
  }

  // MARK: Changes in another app

  /// Another app on the server: a new task, or a rename, completion or delete of one there, each read and written
  /// back with `If-Match` as a careful client does (a write refused as changed is simply not made).
  private func foreignChange() throws {
    let dav = server.dav
    let listURL = URL(string: list)!
    let entries = try dav.propfind(listURL, depth: 1, properties: "<d:getetag/>").filter { $0.href.hasSuffix(".ics") }
    var tasks: [(href: String, etag: String, lines: [String])] = []
    var children: [String: [String]] = [:]
    for entry in entries {
      let reply = try dav.send("GET", DAVPath.url(entry.href, on: listURL), accept: [200, 404])
      guard reply.status == 200, let etag = reply.header("ETag") else { continue }
      let lines = ICalendarReader.unfold(String(decoding: reply.body, as: UTF8.self))
      if let parent = lines.first(where: { $0.hasPrefix("RELATED-TO") && $0.contains("PARENT") }) {
        children[String(parent.drop { $0 != ":" }.dropFirst()), default: []].append(entry.href)
      } else {
        tasks.append((entry.href, etag, lines))
      }
    }
    let stamp = Timestamp.basic(Fixtures.now.addingTimeInterval(clock))
    let roll = Int.random(in: 0..<100, using: &random)
    guard roll >= 35, let task = tasks.randomElement(using: &random) else {
      let key = "k\(nextNumber())"
      let title = "\(key) errand from the phone"
      let body = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//soak//other app//EN", "BEGIN:VTODO", "UID:other-\(key)",
        "DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)", "SUMMARY:\(title)", "STATUS:NEEDS-ACTION", "END:VTODO",
        "END:VCALENDAR",
      ]
      _ = try dav.send(
        "PUT", URL(string: list + "other-\(key).ics")!, headers: ["Content-Type": "text/calendar"],
        body: Data((body.joined(separator: "\r\n") + "\r\n").utf8), accept: [201])
      created[key] = title
      log.append("other: create \(title)")
      return
    }
    let summary = task.lines.first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) } ?? ""
    let key = Self.key(summary)
    let url = DAVPath.url(task.href, on: listURL)
    var lines = task.lines.filter { !$0.hasPrefix("LAST-MODIFIED") && !$0.hasPrefix("DTSTAMP") }
    let at = lines.firstIndex(of: "BEGIN:VTODO")! + 1
    lines.insert(contentsOf: ["DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)"], at: at)
    if roll >= 85 {
      // As Tasks.org does: the task and its subtasks.
      let reply = try dav.send("DELETE", url, headers: ["If-Match": task.etag], accept: [200, 204, 404, 412])
      let uid = task.lines.first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) } ?? ""
      for child in children[uid, default: []] where reply.status != 412 {
        _ = try dav.send("DELETE", DAVPath.url(child, on: listURL), accept: [200, 204, 404])
      }
      if reply.status != 412 {
        deleted.insert(key)
        log.append("other: delete \(key)")
      }
      return
    }
    var change = ""
    if roll < 60 {
      let title = "\(key) renamed by other \(nextNumber())"
      lines = lines.map { $0.hasPrefix("SUMMARY:") ? "SUMMARY:\(title)" : $0 }
      change = "rename"
      renames[key, default: []].append(("other", title))
    } else {
      guard !lines.contains("STATUS:COMPLETED") else { return }
      lines = lines.filter { !$0.hasPrefix("STATUS:") && !$0.hasPrefix("COMPLETED:") }
      lines.insert(contentsOf: ["STATUS:COMPLETED", "COMPLETED:\(stamp)"], at: at)
      change = "complete"
    }
    let reply = try dav.send(
      "PUT", url, headers: ["If-Match": task.etag, "Content-Type": "text/calendar"],
      body: Data((lines.joined(separator: "\r\n") + "\r\n").utf8), accept: [201, 204, 412])
    if reply.status == 412 {
      if change == "rename" { renames[key]?.removeLast() }
      return
    }
    if change == "complete" { completed.insert(key) }
    log.append("other: \(change) \(key)")
  }
}
