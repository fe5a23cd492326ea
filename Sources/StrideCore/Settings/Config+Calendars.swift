import Foundation
import StrideBase

extension StrideConfig {
  /// Settings for the calendars Stride reads (`stride calendars`).
  public struct CalendarSettings: Equatable, Sendable, Decodable {
    /// An event that starts within this many hours bounds the time a now-list is fitted to; one further off does
    /// not (the afternoon's meeting says nothing about the next ten minutes).
    public var horizonHours = 4.0
    /// How often subscriptions and server calendars are read again, in minutes (a file is read when it changes).
    public var refreshMinutes = 15.0
    /// The person's own addresses, so an invitation they declined takes no time (a server's account adds its own).
    public var addresses: [String] = []

    public static let horizonBounds = 0.5...24.0
    public static let refreshBounds = 5.0...1440.0

    public init() {}

    enum CodingKeys: String, CodingKey { case horizonHours, refreshMinutes, addresses }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      horizonHours = try container.decodeIfPresent(Double.self, forKey: .horizonHours) ?? horizonHours
      refreshMinutes = try container.decodeIfPresent(Double.self, forKey: .refreshMinutes) ?? refreshMinutes
      addresses = try container.decodeIfPresent([String].self, forKey: .addresses) ?? []
      guard Self.horizonBounds.contains(horizonHours) else {
        throw StrideError.invalid("calendars.horizonHours must be between \(ConfigKey.words(Self.horizonBounds))")
      }
      guard Self.refreshBounds.contains(refreshMinutes) else {
        throw StrideError.invalid("calendars.refreshMinutes must be between \(ConfigKey.words(Self.refreshBounds))")
      }
    }
  }
}

extension StrideConfig {
  static let calendarKeys: [ConfigKey] = [
    ConfigKey(
      path: "calendars.horizonHours", kind: .number, defaultValue: ConfigKey.words(CalendarSettings().horizonHours),
      bounds: CalendarSettings.horizonBounds,
      meaning: "an event that starts within this many hours bounds the time now fits its suggestions to (when you "
        + "give no --for); one further off does not"),
    ConfigKey(
      path: "calendars.refreshMinutes", kind: .number,
      defaultValue: ConfigKey.words(CalendarSettings().refreshMinutes), bounds: CalendarSettings.refreshBounds,
      meaning: "how often subscriptions and server calendars are read again, in minutes; a file is read again when "
        + "it changes"),
    ConfigKey(
      path: "calendars.addresses", kind: .addresses, defaultValue: "none", bounds: nil,
      meaning: "your own e-mail addresses, so an invitation you declined takes no time (a server calendar's "
        + "account adds the addresses the server knows)"),
  ]
}
