import StrideBase
import StridePlatform
import StrideWire

extension Help {
  /// The help of the commands about the daemon and what it tells you by itself: daemon (with desktop reminders)
  /// and watch.
  static let daemonCommands: [String: String] = [
    "daemon": """
    Usage: stride daemon start|stop|status|install

    The daemon, strided, keeps your tasks and starts by itself when stride needs it.
      start    start it in the background (if it is not running)
      stop     stop it; it finishes what it is doing first
      status   whether it runs, since when, how desktop reminders stand, and where its files
               are (exit 69 if not)
      install  write systemd user units (strided.socket, strided.service) into
               $XDG_CONFIG_HOME/systemd/user, so systemd starts it on first use and at login,
               and prints the two systemctl --user commands that turn them on; and write the
               manual pages stride(1), strided(8) and stride-config(5) into
               $XDG_DATA_HOME/man (~/.local/share/man), where man finds them: man stride

    Desktop reminders: with this in ~/.config/stride/config.json
      { "reminders": { "on": true, "quiet": "22:00-08:00" } }
    the daemon shows a notification when a task comes back, comes due, can start, or a routine
    moves on: the task's title, and why ("Its deferral ended; you put it off as no-energy.").
    Done finishes the task; Later puts it off for an hour, as no-energy (stride undo takes
    either back). In the quiet hours (optional) nothing is shown; when they end, one reminder
    says what came meanwhile. They go through your desktop's notification service on the
    session bus; when strided finds none (started outside your desktop session), status says
    so and what to do.
    """,
    "watch": """
    Usage: stride watch [--topics LIST] [--exec COMMAND] [--json]

    Prints what happens as it happens: a task comes back or comes up by itself (its deferral
    ends, its follow-up is due, its start or due time arrives), a task is added, changed or
    done, a sync brought something in or could not reach the server. If the daemon
    stops, watch waits for it to come back and carries on. Ctrl-C ends it.

      --topics LIST     task.woke, task.changed, task.completed, now.changed, sync.finished,
                        comma-separated
                        (default: all but now.changed)
      --exec COMMAND    run COMMAND (with sh) for each event instead of printing it: the event is
                        on its standard input as one line of JSON, and $STRIDE_MESSAGE holds the
                        sentence watch would print ($STRIDE_EVENT, $STRIDE_TASK_ID and
                        $STRIDE_TASK_TITLE too). A command gets 60 seconds.
      --json            one event per line as JSON, for scripts

      stride watch --topics task.woke \\
        --exec 'notify-send Stride "$STRIDE_MESSAGE"'

    Desktop notifications with Done and Later buttons need no script: see stride help daemon.
    """,
  ]
}
