import Foundation
import StrideBase
import StrideModel

/// One setting of config.json: where it sits, what it holds, its default, the values it may take and what it does.
///
/// `StrideConfig.keys` lists every one, and stride-config(5) is printed from that list. Its defaults are read from
/// the settings types themselves and its bounds are the ones the loader checks, so neither can say something else;
/// `ConfigKeyTests` decodes the file's types to prove that every key the loader reads is in the list.
public struct ConfigKey: Sendable, Equatable {
  /// What a value is written as in the JSON file.
  public enum Kind: String, Sendable {
    case number = "a number"
    case wholeNumber = "a whole number"
    case timeOfDay = "a time of day, \"HH:MM\""
    case span = "a span of the day, \"HH:MM-HH:MM\""
    case boolean = "true or false"
    case program = "a program: a string, or an array of the program and its arguments"
    case addresses = "an array of e-mail addresses"
  }

  /// The key's place in the file, its groups joined by dots: `engine.weights.deadline`.
  public var path: String
  public var kind: Kind
  /// The value when the file does not set it, as the page prints it.
  public var defaultValue: String
  /// The values the loader accepts, for numbers.
  public var bounds: ClosedRange<Double>?
  /// What the setting does, as a sentence without its full stop.
  public var meaning: String

  /// A number as a person writes it: 12, 1.5, 0.25.
  public static func words(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

  /// Bounds as they end a sentence: "0.25 and 168".
  public static func words(_ bounds: ClosedRange<Double>) -> String {
    "\(words(bounds.lowerBound)) and \(words(bounds.upperBound))"
  }
}

extension StrideConfig {
  /// Every key config.json may hold, in the order stride-config(5) lists them.
  public static let keys: [ConfigKey] = [
    captureKeys, contextKeys, timeKeys, reminderKeys, calendarKeys, historyKeys, engineKeys, weightKeys,
  ].flatMap(\.self)

  private static let captureKeys: [ConfigKey] = [
    ConfigKey(
      path: "capture.breakdownCommand", kind: .program, defaultValue: "off", bounds: nil,
      meaning: "a program that breaks each captured thought into steps: it reads the capture as JSON on its standard "
        + "input and prints the steps; on any failure the built-in steps stand"),
    ConfigKey(
      path: "capture.breakdownTimeoutSeconds", kind: .number,
      defaultValue: ConfigKey.words(CaptureSettings().breakdownTimeoutSeconds), bounds: breakdownTimeoutBounds,
      meaning: "how many seconds the breakdown program may take before it is stopped and the built-in steps stand"),
  ]

  private static let contextKeys: [ConfigKey] = [
    ConfigKey(
      path: "context.energyLapseHours", kind: .number,
      defaultValue: ConfigKey.words(ContextSettings().energyLapseHours), bounds: energyLapseBounds,
      meaning: "how many hours an energy set with 'stride energy' counts before it is unknown again")
  ]

  private static let timeKeys: [ConfigKey] = [
    ConfigKey(
      path: "time.dayStart", kind: .timeOfDay, defaultValue: TimeSettings().dayStart.written, bounds: nil,
      meaning: "when your day starts: a day named alone as a start, a defer's --until, a --follow-up or --at is "
        + "then that day, never midnight; stride reads it too")
  ]

  private static let reminderKeys: [ConfigKey] = [
    ConfigKey(
      path: "reminders.on", kind: .boolean, defaultValue: String(RemindersSettings().on), bounds: nil,
      meaning: """
        whether the daemon shows a desktop notification (org.freedesktop.Notifications on the session bus, \
        or notify-send) when a deferred task comes back, a due time or a follow-up arrives, or a routine's time \
        comes, with Done and Later when the desktop offers actions
        """),
    ConfigKey(
      path: "reminders.quiet", kind: .span, defaultValue: "none", bounds: nil,
      meaning: """
        hours in which no reminder is shown, such as "22:00-08:00" (it may span midnight); what came meanwhile \
        is said in one reminder when they end
        """),
    ConfigKey(
      path: "reminders.waitDuringEvents", kind: .boolean, defaultValue: String(RemindersSettings().waitDuringEvents),
      bounds: nil,
      meaning: "whether reminders wait while you are in an event of a calendar that counts (stride calendars); "
        + "what came meanwhile is said in one reminder when it ends"),
    ConfigKey(
      path: "reminders.eventHeadsUpMinutes", kind: .number,
      defaultValue: ConfigKey.words(RemindersSettings().eventHeadsUpMinutes), bounds: RemindersSettings.headsUpBounds,
      meaning: "how many minutes before an event of a calendar that counts a reminder says it is coming; 0 says "
        + "none"),
  ]

  private static let engineKeys: [ConfigKey] = {
    let defaults = EngineSettings()
    func number(_ key: String, _ value: Double, _ meaning: String) -> ConfigKey {
      ConfigKey(
        path: "engine." + key, kind: .number, defaultValue: ConfigKey.words(value),
        bounds: EngineSettings.bounds(of: key), meaning: meaning)
    }
    func whole(_ key: String, _ value: Int, _ meaning: String) -> ConfigKey {
      ConfigKey(
        path: "engine." + key, kind: .wholeNumber, defaultValue: String(value),
        bounds: EngineSettings.bounds(of: key), meaning: meaning)
    }
    return [
      number(
        "deadlineHalfLifeHours", defaults.deadlineHalfLifeHours,
        "deadline pressure is half-way to full this many hours before the due time, and half-way down to "
          + "overdueFloor this many hours after it"),
      number(
        "overdueFloor", defaults.overdueFloor,
        "the least deadline pressure an overdue task keeps, as a share of full: what can still be done on time "
          + "comes before what is late already"),
      number(
        "dueSoonHours", defaults.dueSoonHours,
        "an obligation due within this many hours comes first of what takes a place before the rest (those due "
          + "within pressingHours or by the end of today follow what you asked for yourself)"),
      number(
        "waitedDays", defaults.waitedDays,
        "a task you have not seen in now for this many days (before today) has waited in full, so it gets its turn"),
      number(
        "planningFallacy", defaults.planningFallacy,
        "estimates are multiplied by this before they are compared with the time you have"),
      ConfigKey(
        path: "engine.calibrateEstimates", kind: .boolean, defaultValue: String(defaults.calibrateEstimates),
        bounds: nil,
        meaning: "once you have finished 8 tasks with an estimate and time spent in focus sessions, how long yours "
          + "really took (for a tag, from 5 of its own) stands in for planningFallacy, and decides what fits the "
          + "time you have; false keeps planningFallacy and your estimates as given"),
      ConfigKey(
        path: "engine.learnEnergy", kind: .boolean, defaultValue: String(defaults.learnEnergy), bounds: nil,
        meaning: "once you have finished 30 tasks, the energy you usually have at that hour (from the energy of "
          + "what you finished then) is what now suggests for when you have not set yours, and a task put off for "
          + "no-energy without a time comes back at an hour you usually have enough; false keeps your energy "
          + "unknown until you set it"),
      number(
        "quickStartMinutes", defaults.quickStartMinutes,
        "a task this short (in minutes, after the planning fallacy or your own calibration) is a quick start"),
      number(
        "warmUpMinutes", defaults.warmUpMinutes,
        "with low energy the list leads with a warm-up this short (its estimate, in minutes) or shorter"),
      number(
        "pressingHours", defaults.pressingHours,
        "a task due within this many hours is shown whatever energy it needs or window it was deferred to"),
      number(
        "firstFifteenDueDays", defaults.firstFifteenDueDays,
        "a task too long for the time you have is offered as its first 15 minutes if due within this many days "
          + "(or an obligation)"),
      number(
        "wrongTimeWindowHours", defaults.wrongTimeWindowHours,
        "after a wrong-time deferral to a time of day, the task shows for this many hours from that time each day"),
      number(
        "noEnergyFallbackHours", defaults.noEnergyFallbackHours,
        "a no-energy deferral without an until-time ends at the start of the day (time.dayStart) on which this many "
          + "hours have passed, if your energy never rises"),
      whole("stuckAfterDeferrals", defaults.stuckAfterDeferrals, "a task deferred this many times is stuck"),
      whole(
        "perTagLimit", defaults.perTagLimit,
        "at most this many suggestions share a tag, or come from one family of near-identical titles"),
      number(
        "routineDeadlineCap", defaults.routineDeadlineCap,
        "the most deadline pressure a routine gets, overdue or not, as a share of full: it comes round again"),
      whole(
        "overreachLimit", defaults.overreachLimit,
        "at most this many suggestions need far more energy than you have (pressing ones; the others are hidden)"),
      whole(
        "routineLimit", defaults.routineLimit,
        "at most this many suggestions are routines, besides pins and what you asked for"),
    ]
  }()

  private static let weightKeys: [ConfigKey] = {
    let defaults = EngineSettings.Weights()
    let meanings: [Term: String] = [
      .deadline: "how much a near or passed due time counts",
      .value: "how much the kind of task counts: obligations first, then goals, then chores",
      .energyFit: "how much it counts that a task needs the energy you have",
      .timeFit: "how much it counts that a task fits the time you have",
      .momentum: "how much having started counts: steps done, a step done in the last three hours",
      .unblocks: "how much other open tasks waiting on it count",
      .resurfaced: "how much a task back at the time you chose (after a no-energy or wrong-time deferral) counts",
      .age: "how much the days since it was added count",
      .waited: "how much the days since you last saw it in now count, so every task gets its turn",
      .deferPenalty: "how much being put off again and again takes away",
    ]
    return Term.allCases.map { term in
      ConfigKey(
        path: "engine.weights." + term.stringValue, kind: .number, defaultValue: ConfigKey.words(abs(defaults[term])),
        bounds: EngineSettings.Weights.bounds, meaning: meanings[term, default: ""])
    }
  }()
}
