"""Validates the replies of a stride mcp session against MCP's official schema file of its revision.

Usage: mcp_schema.py SCHEMA_FILE CASES_FILE. CASES_FILE holds a JSON array of {"method": ..., "reply": ...}: each
reply is checked as a whole message (JSONRPCResponse or the revision's error response, or a batch's array) and, for a
result, against the result type of its method. Prints a JSON object: how many were checked, and each failure.
"""

import json
import sys

import jsonschema

RESULTS = {
    "initialize": "InitializeResult",
    "ping": "EmptyResult",
    "server/discover": "DiscoverResult",
    "tools/list": "ListToolsResult",
    "tools/call": "CallToolResult",
    "resources/list": "ListResourcesResult",
    "resources/templates/list": "ListResourceTemplatesResult",
    "resources/read": "ReadResourceResult",
    "resources/subscribe": "EmptyResult",
    "resources/unsubscribe": "EmptyResult",
}


def main():
    schema = json.load(open(sys.argv[1]))
    cases = json.load(open(sys.argv[2]))
    key = "$defs" if "$defs" in schema else "definitions"
    definitions = schema[key]
    validator_class = jsonschema.validators.validator_for(schema)

    def check(name, value):
        if name not in definitions:
            return ["the schema has no %s" % name]
        root = {"$schema": schema.get("$schema"), key: definitions, "$ref": "#/%s/%s" % (key, name)}
        validator = validator_class(root)
        return ["%s: %s at %s" % (name, error.message[:300], list(error.absolute_path))
                for error in validator.iter_errors(value)]

    error_name = "JSONRPCErrorResponse" if "JSONRPCErrorResponse" in definitions else "JSONRPCError"
    result_name = "JSONRPCResultResponse" if "JSONRPCResultResponse" in definitions else "JSONRPCResponse"
    failures = []
    checked = 0
    for case in cases:
        replies = case["reply"] if isinstance(case["reply"], list) else [case["reply"]]
        if isinstance(case["reply"], list):
            failures += ["batch: " + f for f in check("JSONRPCBatchResponse", case["reply"])]
        for reply in replies:
            checked += 1
            if "error" in reply and "id" not in reply and "id" in definitions[error_name].get("required", []):
                # Revisions before 2025-11-25 have no way to write an error to a message whose id could not be
                # read (no null, and id required): checked as the later revisions say it, without the id.
                problems = check(error_name, dict(reply, id=0))
            elif "error" in reply:
                problems = check(error_name, reply)
            else:
                problems = check(result_name, reply)
                method = case["method"]
                if method in RESULTS:
                    problems += check(RESULTS[method], reply.get("result"))
            failures += ["%s: %s" % (case["method"], p) for p in problems]
    print(json.dumps({"checked": checked, "failures": failures}))


main()
