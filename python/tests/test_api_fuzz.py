"""The JSON API of `kifu serve`, fuzzed against its own OpenAPI document
(`GET /api/openapi.json`) by schemathesis, bounded: no answer is a server
error, and every answer has a status, a type, headers and a body that the
document allows; a request the document forbids is refused; and a route
asked without the token refuses."""

import json
import os
import subprocess
import sys
import urllib.request

GAMES = ["mana", "escampe", "shogun", "lotus"]

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
        "ignored_auth",
    ]
)


def test_the_api_answers_as_its_document_says(kifu_bin, tmp_path):
    files = []
    for game in GAMES:
        with open(tmp_path / f"{game}.kifu", "w") as out:
            subprocess.run([kifu_bin, "random", game, "--seed", "1", "--count", "3"], stdout=out, check=True)
        files.append(f"{game}.kifu")
    server = subprocess.Popen(
        [kifu_bin, "serve", *files, "new.kifu"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        base, token = server.stdout.readline().strip().split("/?token=")
        auth = f"Authorization: Bearer {token}"
        asked = urllib.request.Request(f"{base}/api/openapi.json", headers={"Authorization": f"Bearer {token}"})
        document = tmp_path / "openapi.json"
        document.write_bytes(urllib.request.urlopen(asked, timeout=30).read())
        paths = json.loads(document.read_text())["paths"].values()
        operations = sum(method in ("get", "post") for item in paths for method in item)
        assert operations >= 41, operations
        schemathesis = os.path.join(os.path.dirname(sys.executable), "schemathesis")
        run = subprocess.run(
            [schemathesis, "run", str(document), "--url", base, "-H", auth, "--checks", CHECKS]
            + ["--max-examples", "100", "--seed", "1", "--workers", "2", "--no-color"]
            + ["--request-timeout", "40"],
            capture_output=True,
            text=True,
            timeout=360,
        )
        assert run.returncode == 0, run.stdout[-8000:]
        # Every operation of the document was tested.
        assert f"{operations}/{operations}" in run.stdout, run.stdout[-3000:]
    finally:
        server.kill()
        server.wait()
