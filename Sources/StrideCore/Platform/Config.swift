import Foundation

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

  public var capture = CaptureSettings()
  public var context = ContextSettings()
  public var engine = EngineSettings()

  public init(
    capture: CaptureSettings = CaptureSettings(), context: ContextSettings = ContextSettings(),
    engine: EngineSettings = EngineSettings()
  ) {
    self.capture = capture
    self.context = context
    self.engine = engine
  }

  /// Reads the file at `path`, or the defaults when there is none.
  public static func load(path: String) throws(StrideError) -> StrideConfig {
    guard FileManager.default.fileExists(atPath: path) else { return StrideConfig() }
    struct File: Decodable {
      var capture: CaptureSettings?
      var context: ContextSettings?
      var engine: EngineSettings?
    }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let file = try JSONDecoder().decode(File.self, from: data)
      let config = StrideConfig(
        capture: file.capture ?? CaptureSettings(), context: file.context ?? ContextSettings(),
        engine: file.engine ?? EngineSettings())
      guard (0.25...168).contains(config.context.energyLapseHours) else {
        throw StrideError.invalid("context.energyLapseHours must be between 0.25 and 168")
      }
      if let command = config.capture.breakdownCommand, command.first?.isEmpty ?? true {
        throw StrideError.invalid("capture.breakdownCommand is empty")
      }
      guard (0.1...60).contains(config.capture.breakdownTimeoutSeconds) else {
        throw StrideError.invalid("capture.breakdownTimeoutSeconds must be between 0.1 and 60")
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
