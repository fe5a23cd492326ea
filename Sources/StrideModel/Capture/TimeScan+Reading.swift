import Foundation

/// How the pieces of one time phrase add up (`Scan.expression` finds them): what each adds to what was said, and
/// the phrase they make.
extension Scan {
  /// What the pieces of a phrase have said so far: its day or instant, its time (a clock, an hour said without am
  /// or pm, a part of the day, midnight), its zone, and a weekday named to check the day by.
  struct Reading {
    var day: CivilDate?
    var instant: Date?
    var clock: ClockTime?
    var loose = false
    var hour: (Int, minutes: Int)?
    var dayPart: ClockTime?
    var defaultTime: ClockTime?
    /// Whether the day part says the afternoon or later (an hour then means pm), the morning, or nothing.
    var afternoon: Bool?
    var midnight = false
    var zone: NamedZone?
    var dayFromWeekday = false
    var weekdayNamed: Int?
    /// "tonight" late at night: the coming hours.
    var night: Date?
    /// What a marker word joining a piece said the time is for ("tomorrow after lunch").
    var innerRole: TimeParser.Role?
    /// The time is a landmark of the day ("first thing", "after work"), which says when alone; true for a working
    /// day's ("before work"), which falls on the next working day it is still ahead on.
    var landmark: Bool?

    var hasDay: Bool { day != nil || instant != nil || night != nil }
    var hasTime: Bool { clock != nil || hour != nil || dayPart != nil || midnight }

    /// Takes a piece when it adds to what was said (a second day or time does not); whether it did.
    mutating func accept(_ piece: Piece, clockFree: Bool, afterComma: Bool) -> Bool {
      switch piece {
      case .day(let value):
        guard !hasDay else { return false }
        day = value
      case .date(let value):
        // An explicit date wins over the weekday before it ("Sunday, December 7, 2014").
        guard !hasDay || (dayFromWeekday && instant == nil) else { return false }
        day = value
        dayFromWeekday = false
      case .weekday(let value):
        if !hasDay {
          day = value
          dayFromWeekday = true
          weekdayNamed = value.isoWeekday
        } else if weekdayNamed == nil, instant == nil, afterComma {
          // "10 January, Tuesday": the weekday after a date, to check it by.
          weekdayNamed = value.isoWeekday
        } else {
          return false
        }
      case .dayWithDefault(let value, let time):
        guard !hasDay else { return false }
        day = value
        defaultTime = time
        afternoon = time.hour >= 12
      case .instant(let value):
        guard !hasDay, !hasTime else { return false }
        instant = value
      case .night(let value):
        guard !hasDay else { return false }
        night = value
      case .clock(let value, let isLoose):
        guard clockFree, instant == nil else { return false }
        clock = value
        loose = isLoose
      case .hour(let value, let minutes):
        guard clockFree, instant == nil else { return false }
        hour = (value, minutes)
      case .dayPart(let value):
        // "at 5 tomorrow afternoon", "8 this evening": a day part after an hour said without am or pm puts it on
        // that side of noon; after one said with am or pm ("5pm tomorrow afternoon") it must agree.
        if hasTime, instant == nil, dayPart == nil, afternoon == nil, !midnight,
          hour != nil || (clock != nil && (loose || (clock!.hour >= 12) == (value.hour >= 12)))
        {
          afternoon = value.hour >= 12
          return true
        }
        guard !hasTime, instant == nil else { return false }
        dayPart = value
        afternoon = value.hour >= 12
      case .landmark(let value, let workday):
        return takeLandmark(value, workday: workday)
      case .midnight, .endOfDay:
        guard !hasTime, instant == nil else { return false }
        if case .midnight = piece { midnight = true } else { clock = .endOfDay }
      }
      return true
    }

    /// Takes a landmark of the day ("first thing", "before work") when no time was said yet; whether it did.
    private mutating func takeLandmark(_ value: ClockTime, workday: Bool) -> Bool {
      guard !hasTime, instant == nil else { return false }
      (dayPart, afternoon, landmark) = (value, value.hour >= 12, workday)
      return true
    }

    /// The phrase these pieces make, from `first` to `end`: an instant, a day, or a time today (or tomorrow, once
    /// today's has passed), read in the zone named and said back in the user's.
    /// `leaning`: what the line's other words say of the time of day (`Scan.Leaning`). `aheadOnly`: the words name
    /// a time to come once, where a morning hour that has passed today may be the evening's (`passedMorning`).
    func phrase(
      first: Int, end: Int, anchor: CivilDate?, parser: TimeParser, leaning: Scan.Leaning?, aheadOnly: Bool
    ) -> Phrase? {
      var phrase = Phrase(value: .day(parser.today), first: first, end: end, zone: zone, innerRole: innerRole)
      if let weekdayNamed, !dayFromWeekday, let day, day.isoWeekday != weekdayNamed {
        phrase.contradicted = (weekdayNamed, day)
      }
      if let instant {
        phrase.value = .instant(instant)
        return phrase
      }
      if let night {
        phrase.value = .instant(nightTime(parser: parser) ?? night)
        return phrase
      }
      var time: ClockTime? = dayPart
      if let leaned = leanedClock(leaning) {
        time = leaned
      } else if let hour {
        time = Scan.clock(forHour: hour.0, minutes: hour.minutes, afternoon: afternoon)
        phrase.loose = afternoon == nil
      } else if var clock {
        // "3:30" as "3": without am or pm, 1 to 6 o'clock are the afternoon's (`Scan.clock(forHour:)`).
        if loose, afternoon ?? (1...6).contains(clock.hour), clock.hour < 12 { clock.hour += 12 }
        time = clock
        phrase.loose = loose && afternoon == nil
      }
      let calendar = zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
      if midnight {
        phrase.value = .instant(calendar.date((day ?? anchor ?? parser.today).adding(days: 1), .startOfDay))
      } else if let day = day ?? (time != nil ? anchor : nil) {
        phrase.value = (time ?? defaultTime).map { .instant(calendar.date(day, $0)) } ?? .day(day)
      } else if let time {
        phrase.dayless = true
        let zoneToday = calendar.day(of: parser.reference)
        let todayAt = calendar.date(zoneToday, time)
        if let landmark, aheadOnly {
          // "first thing": today's if still ahead, else tomorrow's; "before work" on a Saturday: Monday's.
          var day = todayAt > parser.reference ? zoneToday : zoneToday.adding(days: 1)
          while landmark, day.isoWeekday > 5 { day = day.adding(days: 1) }
          phrase.value = .instant(calendar.date(day, time))
        } else if todayAt > parser.reference {
          phrase.value = .instant(todayAt)
        } else if aheadOnly,
          let (at, reading) = passedMorning(
            time, leaning: leaning, today: zoneToday, calendar: calendar, after: parser.reference)
        {
          phrase.value = .instant(at)
          phrase.passed = reading
        } else {
          phrase.value = .instant(calendar.date(zoneToday.adding(days: 1), time))
        }
      } else {
        return nil
      }
      return phrase
    }
  }
}
