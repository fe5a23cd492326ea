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

  public var capture = CaptureSettings()

  public init(capture: CaptureSettings = CaptureSettings()) {
    self.capture = capture
  }

  /// Reads the file at `path`, or the defaults when there is none.
  public static func load(path: String) throws(StrideError) -> StrideConfig {
    guard FileManager.default.fileExists(atPath: path) else { return StrideConfig() }
    struct File: Decodable { var capture: CaptureSettings? }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let file = try JSONDecoder().decode(File.self, from: data)
      let config = StrideConfig(capture: file.capture ?? CaptureSettings())
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
