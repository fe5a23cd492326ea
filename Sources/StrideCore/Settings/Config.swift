import Foundation
import StrideBase
import StrideModel
import StrideProtocol

/// The user's settings, from `$XDG_CONFIG_HOME/stride/config.json` (`~/.config/stride/config.json`).
///
/// Every key is optional; a missing file means every default. An unreadable file is an error that names the file,
/// so a typo is never silently ignored.
public struct StrideConfig: Equatable, Sendable {
  /// Settings for capture.
  public struct CaptureSettings: Equatable, Sendable, Decodable {
    /// A program (and its arguments) that breaks a captured thought into steps; off when nil.
    public var breakdownCommand: [String]?
    /// How long the breakdown command may take, in seconds.
    public var breakdownTimeoutSeconds: Double = 3

    public init(breakdownCommand: [String]? = nil, breakdownTimeoutSeconds: Double = 3) {
      self.breakdownCommand = breakdownCommand
      self.breakdownTimeoutSeconds = breakdownTimeoutSeconds
    }

    enum CodingKeys: String, CodingKey { case breakdownCommand, breakdownTimeoutSeconds }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // "breakdownCommand" may be one string (a program) or an array (a program and its arguments).
      if let program = try? container.decode(String.self, forKey: .breakdownCommand) {
        breakdownCommand = [program]
      } else {
        breakdownCommand = try container.decodeIfPresent([String].self, forKey: .breakdownCommand)
      }
      breakdownTimeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .breakdownTimeoutSeconds) ?? 3
    }
  }

  /// Settings for the user's context.
  public struct ContextSettings: Equatable, Sendable, Decodable {
    /// A set energy goes back to unknown after this many hours: energy changes through the day.
    public var energyLapseHours: Double = 6

    public init(energyLapseHours: Double = 6) { self.energyLapseHours = energyLapseHours }

    enum CodingKeys: String, CodingKey { case energyLapseHours }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      energyLapseHours = try container.decodeIfPresent(Double.self, forKey: .energyLapseHours) ?? 6
    }
  }

  /// Settings for how times are read.
  public struct TimeSettings: Equatable, Sendable, Decodable {
    /// When the person's day starts: "--until tomorrow", "from monday" and a follow-up on a day are then, never
    /// midnight. Written "HH:MM" in the file.
    public var dayStart: ClockTime = TimeParser.defaultDayStart

    public init(dayStart: ClockTime = TimeParser.defaultDayStart) { self.dayStart = dayStart }

    enum CodingKeys: String, CodingKey { case dayStart }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard let text = try container.decodeIfPresent(String.self, forKey: .dayStart) else { return }
      guard let clock = ClockTime(written: text) else {
        throw StrideError.invalid("time.dayStart '\(text)' is not a time of day; write it like \"08:30\"")
      }
      dayStart = clock
    }
  }

  /// Settings for desktop reminders: off unless turned on.
  public struct RemindersSettings: Equatable, Sendable, Decodable {
    /// Whether the daemon shows a desktop notification when a task comes back or comes due.
    public var on = false
    /// Hours in which nothing is shown; what comes meanwhile is said in one reminder when they end.
    public var quiet: QuietHours?
    /// Whether reminders wait while the person is in a busy event of a calendar that counts, and are said in one
    /// when it ends.
    public var waitDuringEvents = true
    /// How many minutes before an event that takes time a reminder says it is coming; 0: none.
    public var eventHeadsUpMinutes = 0.0

    public static let headsUpBounds = 0.0...120.0

    public init(on: Bool = false, quiet: QuietHours? = nil) {
      self.on = on
      self.quiet = quiet
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case on, quiet, waitDuringEvents, eventHeadsUpMinutes }

    public init(from decoder: Decoder) throws {
      let example = #"{"on": true, "quiet": "22:00-08:00"}"#
      guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
        throw StrideError.invalid("reminders must be an object, like \(example)")
      }
      // Each read before any is judged (so a reader of every key, the manual page's test, reaches them all).
      var on: Bool? = false
      if container.contains(.on) { on = try? container.decode(Bool.self, forKey: .on) }
      let quietGiven = container.contains(.quiet) && (try? container.decodeNil(forKey: .quiet)) != true
      let text = quietGiven ? try? container.decode(String.self, forKey: .quiet) : nil
      let wait =
        container.contains(.waitDuringEvents) ? try? container.decode(Bool.self, forKey: .waitDuringEvents) : true
      let headsUp =
        container.contains(.eventHeadsUpMinutes)
        ? try? container.decode(Double.self, forKey: .eventHeadsUpMinutes) : 0
      guard let on else { throw StrideError.invalid("reminders.on must be true or false") }
      guard let wait else { throw StrideError.invalid("reminders.waitDuringEvents must be true or false") }
      guard let headsUp, Self.headsUpBounds.contains(headsUp) else {
        throw StrideError.invalid(
          "reminders.eventHeadsUpMinutes must be a number between \(ConfigKey.words(Self.headsUpBounds)) (0: none)")
      }
      (self.on, waitDuringEvents, eventHeadsUpMinutes) = (on, wait, headsUp)
      guard quietGiven else { return }
      guard let quiet = text.flatMap(QuietHours.init(written:)) else {
        throw StrideError.invalid(
          "reminders.quiet\(text.map { " '\($0)'" } ?? "") is not a span of the day; write it like \"22:00-08:00\" "
            + "(from, to, on the 24-hour clock; two different times)")
      }
      self.quiet = quiet
    }
  }

  public var capture = CaptureSettings()
  public var context = ContextSettings()
  public var engine = EngineSettings()
  public var time = TimeSettings()
  public var reminders = RemindersSettings()
  public var calendars = CalendarSettings()
  public var history = HistorySettings()
  /// The keys in the file that are no setting, each in a sentence (`unknownKeys(in:)`); ignored, and told.
  public var unknown: [String] = []

  public init(
    capture: CaptureSettings = CaptureSettings(), context: ContextSettings = ContextSettings(),
    engine: EngineSettings = EngineSettings(), time: TimeSettings = TimeSettings(),
    reminders: RemindersSettings = RemindersSettings(), calendars: CalendarSettings = CalendarSettings(),
    history: HistorySettings = HistorySettings()
  ) {
    (self.capture, self.context, self.engine) = (capture, context, engine)
    (self.time, self.reminders, self.calendars, self.history) = (time, reminders, calendars, history)
  }

  /// The file as JSON holds it: each group of settings optional.
  struct File: Decodable {
    var capture: CaptureSettings?
    var context: ContextSettings?
    var engine: EngineSettings?
    var time: TimeSettings?
    var reminders: RemindersSettings?
    var calendars: CalendarSettings?
    var history: HistorySettings?
  }

  /// The hours `context.energyLapseHours` may be.
  public static let energyLapseBounds = 0.25...168.0
  /// The seconds `capture.breakdownTimeoutSeconds` may be.
  public static let breakdownTimeoutBounds = 0.1...60.0

  /// Reads the file at `path`, or the defaults when there is none.
  public static func load(path: String) throws(StrideError) -> StrideConfig {
    guard FileManager.default.fileExists(atPath: path) else { return StrideConfig() }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let file = try JSONDecoder().decode(File.self, from: data)
      var config = StrideConfig(
        capture: file.capture ?? CaptureSettings(), context: file.context ?? ContextSettings(),
        engine: file.engine ?? EngineSettings(), time: file.time ?? TimeSettings(),
        reminders: file.reminders ?? RemindersSettings(), calendars: file.calendars ?? CalendarSettings(),
        history: file.history ?? HistorySettings())
      guard energyLapseBounds.contains(config.context.energyLapseHours) else {
        throw StrideError.invalid("context.energyLapseHours must be between \(ConfigKey.words(energyLapseBounds))")
      }
      if let command = config.capture.breakdownCommand, command.first?.isEmpty ?? true {
        throw StrideError.invalid("capture.breakdownCommand is empty")
      }
      guard breakdownTimeoutBounds.contains(config.capture.breakdownTimeoutSeconds) else {
        throw StrideError.invalid(
          "capture.breakdownTimeoutSeconds must be between \(ConfigKey.words(breakdownTimeoutBounds))")
      }
      config.unknown = unknownKeys(in: data)
      return config
    } catch let error as StrideError {
      throw StrideError(
        .invalidParams, "the settings in \(path) cannot be used: \(error.message); fix or move the file")
    } catch {
      throw StrideError(
        .invalidParams,
        "the settings in \(path) are not valid JSON (\(error.localizedDescription)); fix or move the file")
    }
  }
}
