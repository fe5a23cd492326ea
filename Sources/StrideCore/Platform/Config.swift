import Foundation
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
      guard let clock = Self.clock(text) else {
        throw StrideError.invalid("time.dayStart '\(text)' is not a time of day; write it like \"08:30\"")
      }
      dayStart = clock
    }

    /// "08:30", "8:30", "9": a time of day on the 24-hour clock.
    static func clock(_ text: String) -> ClockTime? {
      let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isDigit) }),
        let hour = Int(parts[0])
      else { return nil }
      return ClockTime(hour: hour, minute: parts.count == 2 ? Int(parts[1]) ?? 60 : 0)
    }
  }

  public var capture = CaptureSettings()
  public var context = ContextSettings()
  public var engine = EngineSettings()
  public var time = TimeSettings()

  public init(
    capture: CaptureSettings = CaptureSettings(), context: ContextSettings = ContextSettings(),
    engine: EngineSettings = EngineSettings(), time: TimeSettings = TimeSettings()
  ) {
    self.capture = capture
    self.context = context
    self.engine = engine
    self.time = time
  }

  /// The file as JSON holds it: each group of settings optional.
  struct File: Decodable {
    var capture: CaptureSettings?
    var context: ContextSettings?
    var engine: EngineSettings?
    var time: TimeSettings?
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
      let config = StrideConfig(
        capture: file.capture ?? CaptureSettings(), context: file.context ?? ContextSettings(),
        engine: file.engine ?? EngineSettings(), time: file.time ?? TimeSettings())
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
