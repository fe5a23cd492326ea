/// The words the time parser knows, in one place.
enum TimeWords {
  /// Weekday names and their ISO numbers (Monday 1 … Sunday 7).
  static let weekdays: [String: Int] = [
    "monday": 1, "mon": 1, "tuesday": 2, "tue": 2, "tues": 2, "wednesday": 3, "wed": 3, "weds": 3,
    "thursday": 4, "thu": 4, "thur": 4, "thurs": 4, "friday": 5, "fri": 5, "saturday": 6, "sat": 6,
    "sunday": 7, "sun": 7,
  ]

  /// Words that name a day by themselves, after which a bare hour is that day's ("tmrw 9", "tonight 11").
  static let dayWords: Set<String> = todayWords.union(tomorrowWords).union(tonightWords)

  /// Weekday abbreviations that are also ordinary English words; inside a title they need a marker.
  static let ambiguousWeekdays: Set<String> = ["wed", "sat", "sun"]

  /// Month names and their numbers.
  static let months: [String: Int] = [
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
  ]

  /// Months that are also verbs, and the ordinal words that are also adverbs after them ("you may first call",
  /// "I may second that", "march first, then eat"): inside a title these need a marker or a year.
  static let verbMonths: Set<String> = ["may", "march", "mar"]
  static let adverbOrdinals: Set<String> = ["first", "second"]

  /// Ordinal words for the days of a month: "first" … "thirty-first" ("twenty first" is read as two words).
  static let ordinals: [String: Int] = {
    let units = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
    let teens = [
      "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
      "eighteenth", "nineteenth",
    ]
    var table: [String: Int] = ["twentieth": 20, "thirtieth": 30, "thirty-first": 31]
    for (offset, word) in units.enumerated() {
      table[word] = offset + 1
      table["twenty-" + word] = offset + 21
    }
    for (offset, word) in teens.enumerated() { table[word] = offset + 10 }
    return table
  }()

  /// Words for the hours of a clock face ("half past nine").
  static let hourWords: [String: Int] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12,
  ]

  /// Minutes before or after an hour, in words ("quarter past", "twenty to", "twenty-five past").
  static let minuteWords: [String: Int] = [
    "quarter": 15, "half": 30, "five": 5, "ten": 10, "twenty": 20, "twenty-five": 25,
  ]

  /// The minutes of a clock face in words, said after the hour ("seven thirty", "four twenty-three", "nine oh
  /// five"): "ten" to "fifty-nine", and "oh one" to "oh nine". Two words are looked up joined by a hyphen.
  static let clockMinutes: [String: Int] = {
    let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    let teens = [
      "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    var table: [String: Int] = [:]
    for (offset, word) in teens.enumerated() { table[word] = offset + 10 }
    for (offset, word) in units.enumerated() { table["oh-" + word] = offset + 1 }
    for (tensOffset, tens) in ["twenty", "thirty", "forty", "fifty"].enumerated() {
      table[tens] = (tensOffset + 2) * 10
      for (offset, word) in units.enumerated() { table[tens + "-" + word] = (tensOffset + 2) * 10 + offset + 1 }
    }
    return table
  }()

  /// Words after which a time phrase may end ("on the 1st at 9", "end of month, then", "at 5 with Sam").
  static let phraseFollowers: Set<String> = Set([
    "at", "@", "by", "before", "after", "from", "until", "till", "to", "-", "–", "and", "or", "in", "on", "with",
    "for", "then", "next", "this", "noon", "midnight",
  ]).union(todayWords).union(tomorrowWords).union(tonightWords)

  /// Words that make a weekday part of a name ("black friday", "ash wednesday", "super bowl sunday").
  static let weekdayCompounds: Set<String> = [
    "black", "cyber", "good", "ash", "holy", "maundy", "bowl", "blue", "giving", "shrove", "palm", "easter",
    "mothering", "fat", "manic",
  ]

  /// am and pm as words of their own.
  static let meridiems: [String: Character] = [
    "am": "a", "pm": "p", "a.m.": "a", "p.m.": "p", "a.m": "a", "p.m": "p",
  ]

  /// Words before a week, a month, a weekday or a month's name that say which one, and how many away: "this",
  /// "current", "next", "coming", "upcoming", "following", "last", "previous", "past". ("coming" and "this" before a
  /// weekday both mean the next one, today included.)
  static let periodShifts: [String: Int] = [
    "this": 0, "current": 0, "next": 1, "coming": 1, "upcoming": 1, "following": 1, "last": -1, "previous": -1,
    "past": -1,
  ]

  /// Words that say a time is near enough, read as that time where the whole text is one ("around 3pm", "3pm
  /// approximately").
  static let approximately: Set<String> = ["around", "about", "approximately", "approx", "roughly", "circa"]

  /// Words that join the two ends of a range ("9am to 5pm", "22-23 feb", "monday until wednesday").
  static let rangeConnectors: Set<String> = ["-", "–", "to", "until", "untill", "till", "through", "thru"]

  /// Small numbers written as words, and the vague amounts people use.
  static let amounts: [String: Double] = [
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "ninety": 90, "few": 3, "couple": 2, "several": 7, "half": 0.5,
  ]

  /// Times of day a word stands for. Stride's choices, written in Docs/capture.md.
  static let dayParts: [String: ClockTime] = [
    "morning": ClockTime(hour: 9)!, "noon": ClockTime(hour: 12)!, "midday": ClockTime(hour: 12)!,
    "afternoon": ClockTime(hour: 15)!, "evening": ClockTime(hour: 19)!, "night": ClockTime(hour: 22)!,
  ]

  /// Parts of the day said closer, and their hours: Stride's choices, in Docs/capture.md.
  static let shadedDayParts: [String: ClockTime] = [
    "early morning": ClockTime(hour: 7)!, "mid morning": ClockTime(hour: 10)!, "late morning": ClockTime(hour: 11)!,
    "early afternoon": ClockTime(hour: 13)!, "mid afternoon": ClockTime(hour: 15)!,
    "late afternoon": ClockTime(hour: 17)!, "early evening": ClockTime(hour: 18)!,
    "late evening": ClockTime(hour: 21)!,
  ]

  /// Meals as times of day, read only right after a marker ("after lunch", "by lunchtime", "at dinner"): alone
  /// they are things to do ("pack lunch tomorrow"). After a meal is an hour later.
  static let meals: [String: ClockTime] = [
    "breakfast": ClockTime(hour: 8)!, "lunch": ClockTime(hour: 12)!, "lunchtime": ClockTime(hour: 12)!,
    "dinner": ClockTime(hour: 19)!,
  ]
  /// The day's fixed points that are not meals, read only right after "before" or "after": when they begin and when
  /// they end ("before work" 08:00, "after work" 17:00, "after school" 15:00). Stride's choices, in Docs/capture.md.
  static let landmarks: [String: (begins: ClockTime, ends: ClockTime)] = [
    "work": (ClockTime(hour: 8)!, ClockTime(hour: 17)!), "school": (ClockTime(hour: 8)!, ClockTime(hour: 15)!),
  ]
  /// Words of a line that say when in the day its thing happens, for an hour said without am or pm beside them
  /// ("dinner at 7" is 19:00, "breakfast at 8" 08:00, "standup at 9:30" never 21:30): `Scan.Leaning`.
  static let leanings: [String: Scan.Leaning] = [
    "breakfast": .morning, "morning": .morning, "mornings": .morning, "sunrise": .morning,
    "lunch": .midday, "lunchtime": .midday, "brunch": .midday, "noon": .midday, "midday": .midday,
    "dinner": .evening, "supper": .evening, "dinnertime": .evening, "evening": .evening, "night": .evening,
    "drinks": .evening, "concert": .evening, "gig": .evening, "theatre": .evening, "theater": .evening,
    "pub": .evening, "bedtime": .evening,
    "standup": .daytime, "stand-up": .daytime, "meeting": .daytime, "meetings": .daytime, "mtg": .daytime,
    "class": .daytime, "classes": .daytime, "shift": .daytime, "lecture": .daytime, "seminar": .daytime,
    "appointment": .daytime, "appt": .daytime, "interview": .daytime, "lesson": .daytime, "exam": .daytime,
    "workshop": .daytime, "scrum": .daytime, "huddle": .daytime,
  ]
  /// Words after a meal or an outing that make it a thing bought or booked, whose hour is not the outing's.
  static let bookedThings: Set<String> = [
    "ticket", "tickets", "table", "booking", "bookings", "reservation", "reservations", "menu", "invite", "invites",
  ]
  /// The words before a meal that make it a time.
  static let mealMarkers: Set<String> = ["after", "before", "by", "at", "until", "till", "during"]

  /// "tonight": 20:00; once that has passed, 23:00; from `lateNight` to `nightEnd`, the coming hours.
  static let tonightTimes = [ClockTime(hour: 20)!, ClockTime(hour: 23)!]
  /// From this time until `nightEnd` "tonight" is the night that is now: the next whole hour at least an hour away
  /// (at 22:00, 23:00, as before it), so it is never a few minutes away, nor an evening a day away.
  static let lateNight = ClockTime(hour: 22)!
  /// When the night ends: from here "tonight" is the coming evening again.
  static let nightEnd = ClockTime(hour: 4)!
  /// The hours an hour said with "tonight" late at night may be: the evening and the night ("tonight at 11" is
  /// 23:00, "tonight at 2" 02:00).
  static func isNightHour(_ hour: Int) -> Bool { hour >= 18 || hour < 6 }

  /// Words before a time that say it is when the task is due.
  static let dueMarkers: Set<String> = ["by", "due", "before", "until", "till", "til", "deadline", "b4", "bis"]
  /// Words before a time that say it is when the task may start.
  static let startMarkers: Set<String> = ["after", "from", "starting", "start", "starts", "beginning"]
  /// Words that may join the parts of one time ("friday at 9am", "9am on friday").
  static let joiners: Set<String> = [
    "at", "@", "on", "the", "of", ",", "sometime", "anytime", "during", "for", "over", "towards", "toward",
  ]
  /// Joining words that may begin a phrase inside a title and are removed with it ("call bob on friday",
  /// "sometime next week", "order the cake for the 22nd", "clean the garage over the weekend").
  static let leadingJoiners: Set<String> = [
    "at", "@", "on", "sometime", "anytime", "during", "for", "over", "towards", "toward",
  ]
  /// Words before a week, month, quarter or year that leave the day open: "sometime next week" is due by its end.
  static let vagueMarkers: Set<String> = ["sometime", "anytime", "during"]
  /// Words that name an occasion a day may describe ("the monday meeting", "friday standup"): inside a title, a
  /// day right before one of them says which occasion, not when the task is due.
  static let occasions: Set<String> = [
    "meeting", "meetings", "party", "standup", "stand-up", "sync", "call", "class", "lesson", "session", "review",
    "presentation", "talk", "demo", "game", "match", "service", "appointment", "interview", "shift", "event",
    "trip", "flight", "brunch", "market", "practice", "rehearsal", "training", "workout", "delivery", "pickup",
    "collection", "club", "dinner", "lunch", "breakfast", "show", "gig", "concert", "deadline", "report", "email",
    "newsletter", "post", "episode", "lecture", "seminar", "workshop", "retro", "huddle", "school", "deck",
  ]
  /// Words before a weekday that make it the task's subject, not its time: "about friday", "regarding monday".
  static let topicWords: Set<String> = ["about", "regarding", "re", "concerning"]
  /// Words before a day that make it describe the next word: "the monday meeting", "our friday call".
  static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their"]

  /// The end of the day after (or before) a day: "by thurs eod", "friday end of day", "eob monday".
  static let endOfDayPhrases: [[String]] = [
    ["eod"], ["eob"], ["end", "of", "day"], ["end", "of", "the", "day"], ["close", "of", "business"],
    ["end", "of", "business"],
  ]
  /// The first words of `endOfDayPhrases`: most words are none, and are passed over at once.
  static let endOfDayStarts = Set(endOfDayPhrases.map { $0[0] })
  /// Words inside a phrase, after its day, that say what the time of day is for: "tomorrow after lunch" (a
  /// start), "friday before noon" (a due time).
  static let innerMarkers: [String: TimeParser.Role] = ["after": .start, "before": .due, "by": .due]
}
