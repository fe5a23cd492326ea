import Foundation
import StrideBase
import StrideDBus
import StrideJSON
import StrideModel
import StridePlatform

/// The reminders on screen, kept in a file beside the socket so that the next strided of the same session takes
/// them over. A notification server sends a button's press to the program that showed the notification, so without
/// this a reminder left up by a strided that stopped (or was killed, or upgraded) keeps buttons that do nothing, and
/// one whose task is then done elsewhere is never taken down.
extension Reminders {
  /// One notification on screen, as the file keeps it: its task, its id, server and bus, what it says, and whether
  /// it is the question at the end of a focus session's timebox.
  struct OnScreen: Codable, Equatable, Sendable {
    var task: TaskID
    var id: UInt32
    var server: String
    var bus: String
    var summary: String
    var body: String
    var focus: Bool

    init(task: TaskID, showing: Showing, focus: Bool, bus: String) {
      self.task = task
      id = showing.shown.id
      server = showing.shown.server
      self.bus = bus
      summary = showing.text.summary
      body = showing.text.body
      self.focus = focus
    }

    var showing: Showing {
      Showing(shown: .init(id: id, server: server), text: ReminderText(summary: summary, body: body))
    }
  }

  /// Writes what is on screen beside the socket, when it changed since the last time (not flushed to the disk: the
  /// notifications do not outlive the session either); no file when nothing is. On the reminders' queue.
  func keep() {
    guard let keptAt else { return }
    let bus = desktop.withLock { $0 }?.busID ?? ""
    let records = state.withLock { state -> [OnScreen]? in
      var now = state.shown.sorted { $0.key < $1.key }.map {
        OnScreen(task: $0.key, showing: $0.value, focus: false, bus: bus)
      }
      if let timeUp = state.timeUp {
        now.append(OnScreen(task: timeUp.task, showing: timeUp.showing, focus: true, bus: bus))
      }
      guard now != state.kept else { return nil }
      state.kept = now
      return now
    }
    guard let records else { return }
    guard !records.isEmpty, case let value? = try? JSONValueEncoder.encode(records),
      (try? System.replaceFile(keptAt, with: JSONWriter.write(value) + [0x0A], mode: 0o600, durable: false)) != nil
    else {
      unlink(keptAt)
      return
    }
  }

  /// Takes over what the last strided left on screen, once connected: a reminder whose task still waits for the
  /// person (active, not put off, not done) is shown again in its own place, so that its buttons answer this daemon;
  /// the question at the end of a timebox likewise while that session runs; any other is taken down. In the quiet
  /// hours or a busy event they are adopted as they are, not shown again (that would alert the person). What a
  /// server that has gone showed went with it, and so did what was shown on another bus (an earlier login), whose
  /// unique names the next bus gives again. On the reminders' queue.
  func takeOver(from desktop: Desktop) {
    // With no server reached yet the file stays, for the next strided.
    guard let keptAt, desktop.serverName != nil else { return }
    let left = Self.read(keptAt).filter { $0.server == desktop.serverName && $0.bus == desktop.busID }
    unlink(keptAt)
    guard !left.isEmpty else { return }
    let now = clock()
    let waiting = waits(at: now) != nil
    var (takenOver, takenDown) = (0, 0)
    for record in left {
      let old = record.showing
      let wanted =
        record.focus ? tasks.runningFocus(at: now)?.task.id == record.task : stillWaits(record.task, at: now)
      guard wanted else {
        desktop.takeDown(old.shown)
        takenDown += 1
        continue
      }
      let buttons = record.focus ? Self.timeUpButtons : Self.taskButtons
      guard let shown = waiting ? old.shown : desktop.show(old.text, buttons: buttons, replacing: old.shown) else {
        continue
      }
      takenOver += 1
      let showing = Showing(shown: shown, text: old.text)
      state.withLock { state in
        if record.focus {
          state.timeUp = (showing, record.task)
        } else {
          state.shown[record.task] = showing
        }
      }
    }
    log.info(
      "reminders: of the notifications the last strided left on screen, \(takenOver) taken over and "
        + "\(takenDown) no longer wanted taken down")
    keep()
  }

  /// Whether a task's reminder is still wanted: it exists and is active.
  private func stillWaits(_ id: TaskID, at now: Date) -> Bool {
    let task = try? tasks.locked { store throws(StrideError) in try store.task(id, at: now) }
    return task?.status == .active
  }

  /// The notifications a file says are on screen; none when it is missing or unreadable.
  static func read(_ path: String) -> [OnScreen] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return (try? JSONValueDecoder.decode([OnScreen].self, from: Array(data))) ?? []
  }
}
