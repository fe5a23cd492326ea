import Foundation
import StrideBase
import StrideModel
import StrideWire

/// A result whose times can be said in words (`said`), for a connection that asked for them in `client.context`.
/// Tasks and drafts say theirs as they are made from the model (`Wire.Task(_:saying:)`); the other results fill
/// their own `Said` here, as they are encoded: a field for each of their times, under that time's key
/// (`{"startedAt": "today at 08:00"}`).
public protocol SaysTimes {
  mutating func say(_ speaker: Speaker)
}

extension Speaker {
  /// `result` with its times said, when it has any to say.
  public func saying<R>(_ result: R) -> R {
    guard var sayer = result as? any SaysTimes else { return result }
    sayer.say(self)
    return sayer as! R
  }
}

extension ServerInfo.Result: SaysTimes {
  public mutating func say(_ speaker: Speaker) { said = Said(startedAt: speaker.time.words(startedAt)) }
}

extension ContextResult: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    said = Said(updatedAt: speaker.time.words(updatedAt), lapsesAt: speaker.time.words(lapsesAt))
  }
}

extension ListInfo: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    said = Said(lastSuccess: speaker.time.words(lastSuccess), lastAttempt: speaker.time.words(lastAttempt))
  }
}

extension CalendarInfo: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    said = Said(readAt: speaker.time.words(readAt), checkedAt: speaker.time.words(checkedAt))
  }
}

extension CalendarsResult: SaysTimes {
  public mutating func say(_ speaker: Speaker) { calendars = calendars.map(speaker.saying) }
}

extension ListsGet.Result: SaysTimes {
  public mutating func say(_ speaker: Speaker) { lists = lists.map(speaker.saying) }
}

extension SyncStatus.Result: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    let time = speaker.time
    said = Said(
      lastSuccess: time.words(lastSuccess), lastAttempt: time.words(lastAttempt), nextSync: time.words(nextSync))
    lists = lists.map(speaker.saying)
  }
}

extension Wire.SubscribeResult: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    said = Said(nextWakeUp: speaker.time.words(nextWakeUp?.at))
  }
}

extension Wire.Event: SaysTimes {
  /// Its moment in words and as a clock ("14:05"), and the moment the first wake-up came due.
  public mutating func say(_ speaker: Speaker) {
    let time = speaker.time
    said = Said(at: time.words(at), clock: time.clock(at.date), wakeUp: time.words(wakeUps?.first?.at))
  }
}

extension Wire.TaskResult: SaysTimes {
  public mutating func say(_ speaker: Speaker) {
    if let due = counted?.due { counted?.said = MomentSaid(at: speaker.time.words(due)) }
    syncConflicts = syncConflicts?.map { conflict in
      var conflict = conflict
      conflict.said = MomentSaid(at: speaker.time.words(conflict.at))
      return conflict
    }
  }
}

extension HistoryLog.Result: SaysTimes {
  /// Each entry's time, and the day and clock a log is laid out by ("Tuesday 17 November", "09:30").
  /// A page's changes fall on few days: each day's words are made once.
  public mutating func say(_ speaker: Speaker) {
    let time = speaker.time
    var days: [Int: (words: String, calendarDay: String)] = [:]
    entries = entries.map { entry in
      var entry = entry
      let date = entry.at.date
      let number = time.calendar.day(of: date).dayNumber
      let day = days[number] ?? (time.day(date), time.calendarDay(date))
      days[number] = day
      entry.said = HistoryLog.Entry.Said(
        at: time.describe(date, day: day.words), day: day.calendarDay, clock: time.clock(date))
      return entry
    }
  }
}

extension HistoryReview.Result: SaysTimes {
  /// In the review's own zone: the period's ends, each day (in full and short, for a chart), and when each named
  /// task fell due or was captured.
  public mutating func say(_ speaker: Speaker) {
    let time = HumanTime(now: speaker.time.now, timeZone: TimeZone(identifier: timeZone) ?? speaker.timeZone)
    said = Said(since: time.calendarDay(since.date), until: time.words(until))
    let calendar = time.calendar
    let first = calendar.day(of: since.date)
    days = days.enumerated().map { offset, day in
      var day = day
      let noon = calendar.date(first.adding(days: offset), ClockTime(hour: 12)!)
      day.said = HistoryReview.Day.Said(date: time.calendarDay(noon), dateShort: time.calendarDay(noon, short: true))
      return day
    }
    func named(_ task: HistoryReview.Named) -> HistoryReview.Named {
      var task = task
      task.said = MomentSaid(at: time.words(task.at))
      return task
    }
    becameOverdue = becameOverdue.map(named)
    untouched = untouched.map(named)
    routines = routines.map { routine in
      var routine = routine
      routine.said = routine.openSince.map { MomentSaid(at: time.words($0)) }
      return routine
    }
  }
}
