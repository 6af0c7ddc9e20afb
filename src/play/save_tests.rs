//! Tests of atomic saving.

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "kifu-save-{}-{name}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    assert!(fs::create_dir_all(&dir).is_ok());
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|it| {
            it.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn saves_and_replaces_leaving_no_temporary_file() {
    let dir = scratch("replace");
    let target = dir.join("game.kifu");
    assert!(save_atomic(&target, "one\n", ReadOnly::Refuse).is_ok());
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("one\n"));
    assert!(save_atomic(&target, "two\n", ReadOnly::Refuse).is_ok());
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("two\n"));
    assert_eq!(entries(&dir), ["game.kifu"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_directory_is_a_clear_error() {
    let dir = scratch("missing");
    let target = dir.join("nowhere").join("game.kifu");
    let message = save_atomic(&target, "x", ReadOnly::Refuse).map_err(|e| e.to_string());
    let expected = format!(
        "cannot save {}: no such directory {}",
        target.display(),
        dir.join("nowhere").display()
    );
    assert_eq!(message, Err(expected));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_file_in_place_of_the_directory_fails_and_harms_nothing() {
    let dir = scratch("notdir");
    let blocker = dir.join("plain");
    assert!(fs::write(&blocker, "keep me").is_ok());
    let result = save_atomic(&blocker.join("game.kifu"), "x", ReadOnly::Refuse);
    let expected = format!(
        "cannot save {}: {} is not a directory",
        blocker.join("game.kifu").display(),
        blocker.display()
    );
    assert_eq!(result.map_err(|e| e.to_string()), Err(expected));
    assert_eq!(
        fs::read_to_string(&blocker).ok().as_deref(),
        Some("keep me")
    );
    assert_eq!(entries(&dir), ["plain"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_as_target_is_refused_and_kept() {
    let dir = scratch("isdir");
    let target = dir.join("sub");
    assert!(fs::create_dir(&target).is_ok());
    let message = save_atomic(&target, "x", ReadOnly::Refuse).map_err(|e| e.to_string());
    assert_eq!(
        message,
        Err(format!("cannot save {}: is a directory", target.display()))
    );
    assert!(target.is_dir());
    assert_eq!(entries(&dir), ["sub"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn paths_without_a_file_name_are_refused() {
    let refused =
        |path: &str| save_atomic(Path::new(path), "x", ReadOnly::Refuse).map_err(|e| e.to_string());
    assert_eq!(refused(""), Err("cannot save : not a file name".into()));
    assert_eq!(refused(".."), Err("cannot save ..: not a file name".into()));
}

#[test]
fn a_name_of_255_bytes_saves() {
    let dir = scratch("long-name");
    for len in [245, 250, 255] {
        let name = "n".repeat(len - 5) + ".kifu";
        let target = dir.join(&name);
        assert_eq!(
            save_atomic(&target, "x\n", ReadOnly::Refuse).map_err(|e| e.to_string()),
            Ok(()),
            "{len}"
        );
        assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("x\n"));
    }
    assert_eq!(entries(&dir).len(), 3);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_symbolic_link_is_written_through_and_kept() {
    let dir = scratch("symlink");
    let real = dir.join("real.kifu");
    let link = dir.join("link.kifu");
    assert!(fs::write(&real, "old\n").is_ok());
    assert!(std::os::unix::fs::symlink("real.kifu", &link).is_ok());
    assert!(save_atomic(&link, "new\n", ReadOnly::Refuse).is_ok());
    assert_eq!(fs::read_to_string(&real).ok().as_deref(), Some("new\n"));
    assert!(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
    assert_eq!(entries(&dir), ["link.kifu", "real.kifu"]);
    let broken = dir.join("broken.kifu");
    assert!(std::os::unix::fs::symlink("nowhere.kifu", &broken).is_ok());
    assert_eq!(
        save_atomic(&broken, "x", ReadOnly::Refuse).map_err(|e| e.to_string()),
        Err(format!(
            "cannot save {}: it is a symbolic link to a file that does not exist",
            broken.display()
        ))
    );
    assert_eq!(entries(&dir), ["broken.kifu", "link.kifu", "real.kifu"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_is_refused() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.kifu");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    assert_eq!(
        save_atomic(&fifo, "x", ReadOnly::Replace).map_err(|e| e.to_string()),
        Err(format!(
            "cannot save {}: is not a regular file (a FIFO, a device or a socket): it is left alone",
            fifo.display()
        ))
    );
    assert_eq!(entries(&dir), ["pipe.kifu"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_read_only_file_is_replaced_only_when_forced() {
    let dir = scratch("read-only");
    let target = dir.join("game.kifu");
    assert!(fs::write(&target, "keep\n").is_ok());
    let mut permissions = fs::metadata(&target)
        .map(|m| m.permissions())
        .unwrap_or_else(|e| panic!("{e}"));
    permissions.set_readonly(true);
    assert!(fs::set_permissions(&target, permissions).is_ok());
    assert_eq!(
        save_atomic(&target, "new\n", ReadOnly::Refuse).map_err(|e| e.to_string()),
        Err(format!(
            "cannot save {}: the file is read-only",
            target.display()
        ))
    );
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("keep\n"));
    assert!(save_atomic(&target, "new\n", ReadOnly::Replace).is_ok());
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("new\n"));
    // The replacement keeps the file's permissions.
    assert!(fs::metadata(&target).is_ok_and(|m| m.permissions().readonly()));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn temporaries_of_dead_processes_are_removed_at_the_next_save() {
    let dir = scratch("stale");
    // A process id that no running process has.
    let dead = (4_000_000u32..)
        .find(|pid| !Path::new("/proc").join(pid.to_string()).exists())
        .unwrap_or(4_000_000);
    let live = std::process::id();
    let stale = format!(".game.kifu.{dead}.0.kifu-tmp");
    let ours = format!(".game.kifu.{live}.99.kifu-tmp");
    // Another process's, which runs (1: init, always there).
    let running = ".game.kifu.1.5.kifu-tmp".to_owned();
    let other = ".game.kifu.12.tmp".to_owned();
    for name in [&stale, &ours, &running, &other] {
        assert!(fs::write(dir.join(name), "half").is_ok());
    }
    assert!(save_atomic(&dir.join("game.kifu"), "x\n", ReadOnly::Refuse).is_ok());
    let mut expected = vec![ours, running, other, "game.kifu".to_owned()];
    expected.sort();
    assert_eq!(entries(&dir), expected);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn temporary_names_fit_and_carry_the_process_id() {
    // A name cut inside a character steps back to its start, whichever
    // byte the cut falls on (the tail's length moves it).
    for long in ["é".repeat(200), format!("x{}", "é".repeat(200))] {
        let name = temp_name(&long);
        assert!(name.len() <= NAME_MAX, "{}", name.len());
        assert!(name.len() >= NAME_MAX - 1, "{}", name.len());
        assert_eq!(temp_pid(&name), Some(std::process::id()));
    }
    assert_eq!(temp_pid(".game.kifu.12.tmp"), None);
    assert_eq!(temp_pid(".x.kifu-tmp"), None);
}

#[test]
fn a_temporary_file_is_born_with_the_targets_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("born-private");
    let target = dir.join("game.kifu");
    assert!(fs::write(&target, "old\n").is_ok());
    assert!(fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).is_ok());
    let existing = fs::metadata(&target).ok();
    let temp = dir.join(temp_name("game.kifu"));
    let file = create_temporary(&temp, existing.as_ref());
    assert!(file.is_ok());
    let mode = fs::metadata(&temp).map(|m| m.permissions().mode() & 0o777);
    assert_eq!(mode.ok(), Some(0o600));
    let _ = fs::remove_dir_all(&dir);
}

/// A reader watching the directory, as another user would, never finds a
/// temporary file of a private record readable by others.
#[test]
fn a_watcher_never_sees_a_private_record_readable() {
    use std::os::unix::fs::PermissionsExt;
    use std::sync::atomic::AtomicBool;
    let dir = scratch("watched");
    let target = dir.join("private.kifu");
    assert!(fs::write(&target, "secret\n").is_ok());
    assert!(fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).is_ok());
    let done = AtomicBool::new(false);
    let exposed = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut exposed = 0;
            while !done.load(Ordering::Relaxed) {
                for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                    let temporary = entry.file_name().to_string_lossy().ends_with(TEMP_SUFFIX);
                    let mode = entry.metadata().map_or(0, |m| m.permissions().mode());
                    if temporary && mode & 0o077 != 0 {
                        exposed += 1;
                    }
                }
            }
            exposed
        });
        for round in 0..400 {
            assert!(save_atomic(&target, format!("secret {round}\n"), ReadOnly::Refuse).is_ok());
        }
        done.store(true, Ordering::Relaxed);
        watcher.join().unwrap_or(usize::MAX)
    });
    assert_eq!(exposed, 0);
    let mode = fs::metadata(&target).map(|m| m.permissions().mode() & 0o777);
    assert_eq!(mode.ok(), Some(0o600));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_write_that_fails_leaves_the_file_and_no_temporary() {
    let dir = scratch("failed-write");
    let target = dir.join("game.kifu");
    assert!(save_atomic(&target, "kept\n", ReadOnly::Refuse).is_ok());
    let failed = save_atomic_with(&target, ReadOnly::Refuse, |out| {
        out.write_all(b"half of it")?;
        Err(io::Error::other("the writer gave up"))
    });
    let reason = failed.map_err(|e| e.to_string()).err().unwrap_or_default();
    assert!(reason.contains("the writer gave up"), "{reason}");
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("kept\n"));
    assert_eq!(entries(&dir), ["game.kifu"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_save_keeps_the_file_s_exact_permissions_and_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("kept-owner");
    let target = dir.join("game.kifu");
    assert!(save_atomic(&target, "one\n", ReadOnly::Refuse).is_ok());
    // Bits a umask takes away (group and others may write).
    assert!(fs::set_permissions(&target, fs::Permissions::from_mode(0o666)).is_ok());
    // Another owner, where this process may give the file away (root).
    let given = std::os::unix::fs::chown(&target, Some(65534), Some(65534)).is_ok();
    assert!(save_atomic(&target, "two\n", ReadOnly::Refuse).is_ok());
    let meta = fs::metadata(&target).ok();
    assert_eq!(
        meta.as_ref().map(|m| m.permissions().mode() & 0o7777),
        Some(0o666)
    );
    if given {
        assert_eq!(meta.map(|m| (m.uid(), m.gid())), Some((65534, 65534)));
    }
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("two\n"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn each_io_failure_is_said_in_words() {
    let dir = Path::new("/saves");
    let said = |kind: io::ErrorKind| io_reason(&io::Error::from(kind), dir);
    // As the system gives them, whose own words (`Permission denied (os
    // error 13)`) are not these.
    let os = |code: i32| io_reason(&io::Error::from_raw_os_error(code), dir);
    assert_eq!(os(2), "no such directory /saves");
    assert_eq!(os(20), "/saves is not a directory");
    assert_eq!(os(13), "permission denied");
    assert_eq!(os(28), "no space left on the device");
    assert_eq!(os(21), "is a directory");
    assert_eq!(os(17), "its temporary file is in the way");
    assert_eq!(said(io::ErrorKind::NotFound), "no such directory /saves");
    assert_eq!(
        said(io::ErrorKind::NotADirectory),
        "/saves is not a directory"
    );
    assert_eq!(said(io::ErrorKind::PermissionDenied), "permission denied");
    assert_eq!(
        said(io::ErrorKind::StorageFull),
        "no space left on the device"
    );
    assert_eq!(said(io::ErrorKind::IsADirectory), "is a directory");
    assert_eq!(
        said(io::ErrorKind::AlreadyExists),
        "its temporary file is in the way"
    );
    assert_eq!(said(io::ErrorKind::Interrupted), "operation interrupted");
}
