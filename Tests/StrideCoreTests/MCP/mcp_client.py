"""Drives `stride mcp` with the official MCP SDK's client, as an assistant app would, and prints what it saw as
one JSON object (the Swift test `MCPClientTests` reads it). Arguments: the stride binary, its environment as JSON,
and the client's mode: "auto" (the SDK's default: the stateless revision, found through server/discover) or
"legacy" (the initialize handshake)."""

import asyncio
import contextlib
import json
import subprocess
import sys

import mcp.types as types
from mcp import Client, StdioServerParameters


def text(result):
    return "\n".join(part.text for part in result.content if part.type == "text")


async def main():
    stride, env, mode = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
    updates = []

    async def on_message(message):
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(message.params.uri)

    async def hear(subscription):
        async for event in subscription:
            updates.append(event.uri)

    seen = {}
    server = StdioServerParameters(command=stride, args=["mcp"], env=env)
    async with Client(server, message_handler=on_message, mode=mode) as client, contextlib.AsyncExitStack() as stack:
        seen["version"] = client.session.protocol_version
        seen["server"] = client.session.server_info.name if client.session.server_info else None
        tools = (await client.list_tools()).tools
        seen["tools"] = sorted(tool.name for tool in tools)
        seen["deferReasons"] = next(t for t in tools if t.name == "defer").input_schema["properties"]["reason"]["enum"]
        if mode == "legacy":
            await client.send_ping()

        # Subscribed before any tool has run: the daemon is not running yet, and the first change is heard.
        if mode == "legacy":
            await client.subscribe_resource("stride://now")
        else:
            subscription = await stack.enter_async_context(client.listen(resource_subscriptions=["stride://now"]))
            seen["honored"] = subscription.honored.resource_subscriptions
            listener = asyncio.create_task(hear(subscription))
            stack.callback(listener.cancel)

        dry = await client.call_tool("capture", {"text": "call the dentist tomorrow 9am ~10m !low", "dryRun": True})
        seen["dryRun"] = {"text": text(dry), "saved": (dry.structured_content or {}).get("task")}
        added = await client.call_tool("capture", {"text": "call the dentist tomorrow 9am ~10m !low"})
        for _ in range(50):
            if updates:
                break
            await asyncio.sleep(0.1)
        seen["heardFirst"] = bool(updates)
        seen["capture"] = {"text": text(added), "id": added.structured_content["task"]["id"]}
        await client.call_tool("capture", {"text": "plan the party: guests, food, music"})

        resources = (await client.list_resources()).resources
        seen["resources"] = [str(resource.uri) for resource in resources]

        now = await client.call_tool("now", {"energy": "low", "minutes": 20})
        seen["now"] = {
            "text": text(now),
            "ids": [s["task"]["id"] for s in now.structured_content["suggestions"]],
            "why": [s["why"] for s in now.structured_content["suggestions"]],
        }
        # With a time: the structured content is the deferred task, not the reading of the time before it.
        deferred = await client.call_tool(
            "defer", {"id": seen["capture"]["id"], "reason": "no-energy", "until": "tomorrow 9am"})
        seen["defer"] = {"text": text(deferred), "status": deferred.structured_content["task"]["status"]}
        step = await client.call_tool("done", {"id": "2.1"})
        seen["done"] = {"text": text(step), "progress": step.structured_content["task"]["progress"]}
        started = await client.call_tool("start", {"id": "2", "minutes": 30})
        seen["start"] = {"text": text(started), "left": started.structured_content["focus"]["leftSeconds"]}
        other = await client.call_tool("start", {"id": 1})
        seen["startAgain"] = {"text": text(other), "isError": other.is_error}

        missing = await client.call_tool("done", {"id": "99"})
        seen["missing"] = {"text": text(missing), "isError": missing.is_error}
        wrong = await client.call_tool("defer", {"id": 2, "reason": "later"})
        seen["wrongReason"] = {"text": text(wrong), "isError": wrong.is_error}

        # The daemon stops (an upgrade, a crash): the next tool starts it again, as stride would.
        subprocess.run([stride, "daemon", "stop"], env=env, check=True, capture_output=True)
        again = await client.call_tool("now", {})
        seen["afterRestart"] = {"text": text(again), "isError": again.is_error}

        read = await client.read_resource("stride://now")
        seen["resource"] = [content.text for content in read.contents if content.mime_type == "text/plain"]
        seen["updates"] = sorted(set(updates))
        stopped = await client.call_tool("stop", {})
        seen["stop"] = {"text": text(stopped), "ending": stopped.structured_content["focus"]["ending"]}
    print(json.dumps(seen))


asyncio.run(main())
