import Foundation
import Testing

@testable import StrideCalendar

private typealias F = CalendarFixtures

/// What a person would notice of each app's export: their meetings at the right hours across a change of clocks,
/// the weeks they excluded, moved and cancelled, and the events that take none of their time.
@Suite("Calendars as the apps export them")
struct CalendarAppsTests {
  @Test("Google: the weekly Tuesday 10:00 Berlin meeting is at 09:00Z in winter and 08:00Z in summer")
  func googleAcrossTheChangeOfClocks() throws {
    let reading = try F.read(F.google, from: "2026-03-01T00:00:00Z", to: "2026-05-13T00:00:00Z")
    let starts = F.starts(reading, "Team sync")
    #expect(starts.contains(F.utc("2026-03-03T09:00:00Z")))
    #expect(starts.contains(F.utc("2026-03-10T09:00:00Z")))
    #expect(starts.contains(F.utc("2026-03-31T08:00:00Z")))
    #expect(starts.contains(F.utc("2026-04-21T08:00:00Z")))
    #expect(reading.problems.isEmpty, "\(reading.problems)")
  }

  @Test("Google: excluded weeks, the moved meeting and the cancelled one")
  func googleExclusionsAndOverrides() throws {
    let reading = try F.read(F.google, from: "2026-03-01T00:00:00Z", to: "2026-05-13T00:00:00Z")
    let starts = F.starts(reading, "Team sync")
    for excluded in ["2026-04-07T08:00:00Z", "2026-04-14T08:00:00Z", "2026-05-05T08:00:00Z"] {
      #expect(!starts.contains(F.utc(excluded)), "the excluded week of \(excluded) has a meeting")
    }
    // Moved from 10:00 to 15:00 on the 17th: there at its new time, not also at its old.
    #expect(starts.contains(F.utc("2026-03-17T14:00:00Z")))
    #expect(!starts.contains(F.utc("2026-03-17T09:00:00Z")))
    // Cancelled on the 24th: that one gone, the weeks around it kept.
    #expect(!starts.contains { Calendar.utc.isDate($0, inSameDayAs: F.utc("2026-03-24T12:00:00Z")) })
    #expect(starts.contains(F.utc("2026-03-31T08:00:00Z")))
    let expected = [
      "2026-03-03T09:00:00Z", "2026-03-10T09:00:00Z", "2026-03-17T14:00:00Z", "2026-03-31T08:00:00Z",
      "2026-04-21T08:00:00Z", "2026-04-28T08:00:00Z", "2026-05-12T08:00:00Z",
    ]
    #expect(starts == expected.map(F.utc))
  }

  @Test("Google: a declined invitation and a birthday marked free take no time; the retro is the last Friday")
  func googleWhatTakesNoTime() throws {
    let reading = try F.read(F.google, from: "2026-03-01T00:00:00Z", to: "2026-06-01T00:00:00Z")
    // The calendar is named with the person's address: the invitation they declined is not busy time.
    #expect(F.starts(reading, "Vendor pitch").isEmpty)
    #expect(F.starts(reading, "Grace's birthday").isEmpty)
    #expect(
      F.starts(reading, "Retro")
        == ["2026-03-27T15:00:00Z", "2026-04-24T14:00:00Z", "2026-05-29T14:00:00Z"].map(F.utc))
    let accepted = try F.read(
      F.google.replacingOccurrences(of: "X-WR-CALNAME:ada.lovelace@gmail.com", with: "X-WR-CALNAME:Work"),
      from: "2026-03-01T00:00:00Z", to: "2026-06-01T00:00:00Z")
    #expect(F.starts(accepted, "Vendor pitch") == [F.utc("2026-03-12T13:00:00Z")])
  }

  @Test("Outlook: Windows zone names, a custom zone, busy statuses and COUNT counted from DTSTART")
  func outlook() throws {
    let reading = try F.read(F.outlook, from: "2026-03-11T00:00:00Z", to: "2026-04-01T00:00:00Z")
    // Daily from Monday the 9th, five times: the window starting on the 11th sees the last three, not five.
    #expect(
      F.starts(reading, "Standup")
        == ["2026-03-11T08:30:00Z", "2026-03-12T08:30:00Z", "2026-03-13T08:30:00Z"].map(F.utc))
    #expect(reading.events.first { $0.title == "Standup" }?.markedBusy == true)
    // "Customized Time Zone" is defined only by its VTIMEZONE: Toronto's rules, in summer time from March 8th.
    #expect(F.starts(reading, "Call with Toronto") == [F.utc("2026-03-16T12:00:00Z")])
    #expect(F.starts(reading, "Lunch (hold)").isEmpty)
    let away = try #require(reading.events.first { $0.title == "Out of office" })
    #expect(away.allDay && away.markedBusy)
    #expect(away.start == F.utc("2026-03-17T23:00:00Z") && away.end == F.utc("2026-03-20T23:00:00Z"))
    let review = try F.read(F.outlook, from: "2026-03-10T00:00:00Z", to: "2026-03-11T00:00:00Z")
    // Pacific time is in summer time from March 8th, 2026: 09:00 PDT.
    #expect(F.starts(review, "Quarterly review") == [F.utc("2026-03-10T16:00:00Z")])
    #expect(review.problems.isEmpty, "\(review.problems)")
  }

  @Test("Apple: all-day events span local midnights, a VALUE=DATE exclusion, floating times, the 31st skipped")
  func apple() throws {
    let reading = try F.read(F.apple, from: "2026-03-01T00:00:00Z", to: "2026-06-01T00:00:00Z", zone: "Europe/Paris")
    let gym = reading.events.filter { $0.title == "Gym day" }
    #expect(gym.first?.start == F.utc("2026-03-09T23:00:00Z") && gym.first?.end == F.utc("2026-03-10T23:00:00Z"))
    #expect(gym.allSatisfy(\.allDay) && !gym.contains(where: \.markedBusy))
    #expect(!gym.contains { $0.start == F.utc("2026-03-16T23:00:00Z") }, "the excluded Tuesday is there")
    #expect(gym.contains { $0.start == F.utc("2026-03-23T23:00:00Z") })
    // Across the change of clocks the day still starts at local midnight (UTC+2 from March 29th).
    #expect(gym.contains { $0.start == F.utc("2026-03-30T22:00:00Z") })
    #expect(F.starts(reading, "Choir") == [F.utc("2026-03-12T17:00:00Z")])
    let closes = reading.events.filter { $0.title == "Month-end close" }
    // The 31st of March and of May; April has none.
    #expect(closes.map(\.start) == [F.utc("2026-03-31T07:00:00Z"), F.utc("2026-05-31T07:00:00Z")])
    #expect(closes.allSatisfy { $0.end.timeIntervalSince($0.start) == 45 * 60 })
    let conference = try #require(reading.events.first { $0.title == "Conference" })
    #expect(conference.start == F.utc("2026-03-24T23:00:00Z") && conference.end == F.utc("2026-03-27T23:00:00Z"))
    #expect(conference.markedBusy)
  }

  @Test("Thunderbird: a Mozilla-prefixed zone name is the IANA zone at its end")
  func thunderbird() throws {
    let reading = try F.read(F.thunderbird, from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    // First Thursdays at 19:00 New York time: EST in early March, EDT from March 8th.
    #expect(
      F.starts(reading, "Book club") == ["2026-03-06T00:00:00Z", "2026-04-02T23:00:00Z"].map(F.utc))
    #expect(reading.problems.isEmpty)
  }
}

extension Calendar {
  /// The Gregorian calendar in UTC, for telling days apart in tests.
  fileprivate static var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }
}
