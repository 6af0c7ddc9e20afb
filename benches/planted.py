#!/usr/bin/env python3
"""The mutants a hostile audit planted by hand (issue 52), each one line of
the server, the save path, the course client or the Python bindings, with
the test that must kill it: each is made in the work tree, the test run,
and the file put back. Prints KILLED or SURVIVED for each; exits 1 when
one survives. Results in benches/MUTANTS.md.

    benches/planted.py                      # every mutant
    benches/planted.py origin-port          # some

The Python mutant rebuilds the package into python/test.sh's environment
(target/python-venv, made by python/test.sh) and runs its pytest test.
"""
M = [
 ("origin-port", "src/serve/guard.rs",
  'let from_here = origin.strip_prefix("http://").is_some_and(own);',
  'let from_here = origin.strip_prefix("http://").is_some_and(|o| self.hosts.iter().any(|h| h.split(\':\').next() == o.split(\':\').next()));',
  "serve_guard::every_route"),
 ("absolute-uri", "src/serve/guard.rs",
  'let host_is_own = host.is_some_and(own) && authority.is_none_or(own);',
  'let host_is_own = host.is_some_and(own) && authority.is_none_or(|_| true);',
  "serve_guard::an_absolute"),
 ("routes-after-guard", "src/serve/router.rs",
  '''        .merge(annotate::routes())
        .merge(watch::routes())
        .fallback(no_route)
        .layer(from_fn_with_state(Arc::new(guard), guarded))''',
  '''        .merge(watch::routes())
        .fallback(no_route)
        .layer(from_fn_with_state(Arc::new(guard), guarded))
        .merge(annotate::routes())''',
  "serve_guard::every_route"),
 ("refusal-order", "src/serve/guard.rs",
  'if !host_is_own {',
  'if !host_is_own && headers.get(header::ORIGIN).is_none() {',
  "serve_guard::every_route"),
 ("no-frame-options", "src/serve/guard.rs",
  '        (header::X_FRAME_OPTIONS, "DENY"),\n', '',
  "serve_guard::every_route"),
 ("csp-connect-any", "src/serve/guard.rs",
  "connect-src 'self';", "connect-src *;",
  "serve_guard::every_route"),
 ("refusals-unhardened", "src/serve/router.rs",
  '        Err(refusal) => refusal.into_response(),',
  '        Err(refusal) => return refusal.into_response(),',
  "serve_guard::every_route"),
 ("query-token-on-post", "src/serve/guard.rs",
  'if method == Method::GET && uri.path() == "/" && in_query {',
  'if uri.path() == "/" && in_query {',
  "serve_guard::the_token_in"),
 ("moved-read-anyway", "src/serve/files.rs",
  '        Ok(now) if now != named.path => Err(ApiError::new(',
  '        Ok(now) if now != named.path && false => Err(ApiError::new(',
  "serve_losses::a_file_whose_path"),
 ("resave-truncates", "src/serve/files.rs",
  'let unchanged = last.filter(|s| s.len == old.len() && s.hash == hash_of(old));',
  'let unchanged = last;',
  "serve_losses::a_save_again"),
 ("read-only-replaced", "src/serve/files.rs",
  'save_atomic(path, bytes, ReadOnly::Refuse)',
  'save_atomic(path, bytes, ReadOnly::Replace)',
  "serve_losses::a_read_only"),
 ("temporary-left", "src/play/save.rs",
  '        let _ = fs::remove_file(&temp);\n', '',
  "play::save::tests::a_write_that_fails"),
 ("listen-every-address", "src/serve/mod.rs",
  '        if ip.is_unspecified() {',
  '        if ip.is_unspecified() && false {',
  "serve_guard::serving_every"),
 ("python-read-error-ends", "python/src/records.rs",
  """            Some(Err(error)) => {
                let mut state""",
  """            Some(Err(_)) => Ok(None),
            #[allow(unreachable_patterns)]
            Some(Err(error)) => {
                let mut state""",
  "python:tests/test_records.py::test_what_a_file_object_raises_passes_through_unchanged"),
 ("no-warning-beyond-loopback", "src/cli/serve.rs",
  """        warn_beyond_loopback(address);
    }
    writeln!(out""",
  """        let _ = address;
    }
    writeln!(out""",
  "serve_guard::serving_beyond"),
 ("saves-unserialised", "src/serve/files.rs",
  """        let old = read_whole(named)?;
        let (new, given) = change(&named.name, &old)?;""",
  """        drop(lock);
        let lock = ();
        let old = read_whole(named)?;
        let (new, given) = change(&named.name, &old)?;""",
  "serve_losses::twelve_games"),
 ("second-colour-ignored", "src/course/client.rs",
  '''            (line, ServerLine::Colour(_)) => {
                return Err(ClientError::BadLine {''',
  '''            (_, ServerLine::Colour(_)) => {}
            (line, ServerLine::Colour(_)) if false => {
                return Err(ClientError::BadLine {''',
  "course::kifu_engine_refuses"),
]
import os
import subprocess
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
VENV = "target/python-venv/bin/"
# maturin builds into the environment VIRTUAL_ENV names.
PYTHON_ENV = dict(os.environ, VIRTUAL_ENV=os.path.abspath("target/python-venv"))
only = sys.argv[1:]
survived = 0
for name, path, old, new, test in M:
    if only and name not in only: continue
    t = open(path).read()
    assert t.count(old) == 1, (name, t.count(old))
    open(path, "w").write(t.replace(old, new))
    try:
        if test.startswith("python:"):
            build = "cd python && ../" + VENV + "maturin develop --quiet"
            subprocess.run(["sh", "-c", build], check=True, env=PYTHON_ENV)
            cmd = ["sh", "-c", "cd python && ../" + VENV + "python -m pytest -q " + test[len("python:"):]]
        elif test.startswith("play::"):
            cmd = ["nice", "cargo", "test", "--lib", test]
        else:
            cmd = ["nice", "cargo", "test", "--test", "integration", test]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        out = r.stdout + r.stderr
        ok = "test result: ok" in out or (test.startswith("python:") and r.returncode == 0)
        failed = "FAILED" in out or "panicked" in out or (test.startswith("python:") and r.returncode != 0)
        verdict = "SURVIVED" if ok and not failed else ("KILLED" if failed else "BUILD-FAIL")
        if verdict == "BUILD-FAIL":
            verdict += " " + "\n".join(l for l in out.splitlines() if l.startswith("error"))[:300]
        survived += verdict == "SURVIVED"
        print(f"{name}: {verdict}", flush=True)
    finally:
        open(path, "w").write(t)
        if test.startswith("python:"):
            subprocess.run(["sh", "-c", "cd python && ../" + VENV + "maturin develop --quiet"], env=PYTHON_ENV)
sys.exit(1 if survived else 0)
