import Foundation
import StrideBase

/// When the person last saw each task among the suggestions of a plain `now`: the engine's memory of turns, so that no
/// task waits unseen for long (the `waited` term) and stuck tasks are offered each in turn.
///
/// Per task, the latest sighting and the one before it on an earlier day. The engine reads the last sighting before
/// today, so a task seen this morning keeps, all day, the standing it had this morning: two answers a minute apart
/// agree, and only the next day does having been seen count. A plain array by task id, as `IDCounts` is: the ranking
/// asks for every open task.
public struct Sightings: Sendable, Equatable {
  /// Minutes since 1970, by task id; 0 for never.
  private var latest: [Int32] = []
  private var earlier: [Int32] = []

  public init() {}

  /// One task's sightings, as the store keeps them.
  public struct Record: Sendable, Equatable {
    public var id: TaskID
    public var latest: Date
    public var earlier: Date?

    public init(id: TaskID, latest: Date, earlier: Date?) {
      self.id = id
      self.latest = latest
      self.earlier = earlier
    }
  }

  /// The last time the task was seen before `start` (the start of today), nil when it never was.
  public func last(_ id: TaskID, before start: Date) -> Date? {
    last(id, beforeMinute: Self.minutes(start))
  }

  /// The same, with `start` in the minutes kept (`minutes(_:)`): the ranking works it out once for every task.
  func last(_ id: TaskID, beforeMinute start: Int32) -> Date? {
    guard let index = index(id), index < latest.count, latest[index] != 0 else { return nil }
    return Self.date(latest[index] < start ? latest[index] : earlier[index])
  }

  /// Whether the task was seen at or after `start` (today, when `start` is the start of today).
  public func seen(_ id: TaskID, since start: Date) -> Bool {
    seen(id, sinceMinute: Self.minutes(start))
  }

  /// The same, with `start` in the minutes kept.
  func seen(_ id: TaskID, sinceMinute start: Int32) -> Bool {
    guard let index = index(id), index < latest.count else { return false }
    return latest[index] != 0 && latest[index] >= start
  }

  /// Records that `ids` were seen at `instant`, on the day that began at `start`: the records that changed (each
  /// task's first sighting that day), for the store to keep.
  public mutating func saw(_ ids: [TaskID], at instant: Date, dayStartedAt start: Date) -> [Record] {
    let (now, bound) = (Self.minutes(instant), Self.minutes(start))
    var changed: [Record] = []
    for id in ids {
      guard let index = index(id) else { continue }
      grow(to: index)
      guard latest[index] < bound else { continue }
      earlier[index] = latest[index]
      latest[index] = now
      changed.append(Record(id: id, latest: instant, earlier: Self.date(earlier[index])))
    }
    return changed
  }

  /// Puts back a record the store kept.
  public mutating func restore(_ record: Record) {
    guard let index = index(record.id) else { return }
    grow(to: index)
    latest[index] = Self.minutes(record.latest)
    earlier[index] = record.earlier.map(Self.minutes) ?? 0
  }

  private func index(_ id: TaskID) -> Int? {
    id.rawValue > 0 && id.rawValue < Int64(Int32.max) ? Int(id.rawValue) : nil
  }

  private mutating func grow(to index: Int) {
    guard index >= latest.count else { return }
    let size = max(index + 1, latest.count * 2)
    latest += repeatElement(0, count: size - latest.count)
    earlier += repeatElement(0, count: size - earlier.count)
  }

  /// Minutes since 1970, as the sightings are kept.
  static func minutes(_ date: Date) -> Int32 {
    Int32(clamping: Int64((date.timeIntervalSince1970 / 60).rounded(.down)))
  }

  private static func date(_ minutes: Int32) -> Date? {
    minutes == 0 ? nil : Date(timeIntervalSince1970: Double(minutes) * 60)
  }
}
