"""A desktop notification service for Stride's tests, on the session bus in DBUS_SESSION_BUS_ADDRESS.

It owns org.freedesktop.Notifications through jeepney (a D-Bus library written apart from Stride's, so Stride's
own D-Bus code is checked against an independent implementation), answers GetCapabilities with the capabilities
given as the first argument (comma-separated), and records every call as one line of JSON on stdout. Lines on
stdin make it emit signals, as a desktop does when a person clicks:

    invoke ID KEY      ActionInvoked(ID, KEY)
    close ID REASON    NotificationClosed(ID, REASON)

It ends when stdin closes.
"""
import json
import os
import sys
import threading

from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
EMITTER = DBusAddress(PATH, interface=NAME)

capabilities = sys.argv[1].split(",") if len(sys.argv) > 1 and sys.argv[1] else []
connection = open_dbus_connection(bus="SESSION")
sending = threading.Lock()


def send(message):
    with sending:
        connection.send(message)


def say(record):
    print(json.dumps(record), flush=True)


# DBUS_NAME_FLAG_DO_NOT_QUEUE: own the name now, or fail.
reply = connection.send_and_get_reply(message_bus.RequestName(NAME, 4))
if reply.body[0] != 1:
    sys.exit("another program owns " + NAME)
say({"ready": connection.unique_name})


def commands():
    for line in sys.stdin:
        words = line.split()
        if len(words) == 3 and words[0] == "invoke":
            send(new_signal(EMITTER, "ActionInvoked", "us", (int(words[1]), words[2])))
        elif len(words) == 3 and words[0] == "close":
            send(new_signal(EMITTER, "NotificationClosed", "uu", (int(words[1]), int(words[2]))))
    os._exit(0)


threading.Thread(target=commands, daemon=True).start()

last_id = 0
while True:
    message = connection.receive()
    header = message.header
    if header.message_type != MessageType.method_call:
        continue
    member = header.fields.get(HeaderFields.member)
    if member == "GetCapabilities":
        say({"call": "GetCapabilities"})
        send(new_method_return(message, "as", (capabilities,)))
    elif member == "Notify":
        app, replaces, icon, summary, body, actions, hints, timeout = message.body
        if replaces == 0:
            last_id += 1
        shown = replaces or last_id
        say({
            "call": "Notify", "id": shown, "app": app, "replaces": replaces, "summary": summary, "body": body,
            "actions": list(actions), "hints": {key: value[1] for key, value in hints.items()}, "timeout": timeout,
        })
        send(new_method_return(message, "u", (shown,)))
    elif member == "CloseNotification":
        (shown,) = message.body
        say({"call": "CloseNotification", "id": shown})
        send(new_method_return(message))
        # Reason 3: closed by a call to CloseNotification.
        send(new_signal(EMITTER, "NotificationClosed", "uu", (shown, 3)))
    elif member == "GetServerInformation":
        send(new_method_return(message, "ssss", ("fake", "stride-tests", "1", "1.2")))
    else:
        send(new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", ("no method " + str(member),)))
