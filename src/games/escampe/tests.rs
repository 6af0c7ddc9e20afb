use super::*;
use crate::rng::Rng;

/// The quick path of `check_and_apply` refuses and plays exactly what
/// `check` then `apply` do, and `check` accepts exactly the generated
/// moves, on positions reached by random play.
#[test]
fn check_and_apply_agrees_with_check_then_apply() {
    let mut candidates = vec![EscampeMove::Pass];
    for from in 0..36 {
        for to in 0..36 {
            for capture in [false, true] {
                candidates.push(EscampeMove::Step { from, to, capture });
            }
        }
    }
    let mut rng = Rng::new(3);
    for game in 0..6 {
        let mut escampe = Escampe::random_tags(&mut rng)
            .first()
            .map(|(_, setup)| Escampe::with_setup(setup))
            .unwrap_or_else(|| panic!("no setup"))
            .unwrap_or_else(|e| panic!("{e}"));
        for ply in 0..150 {
            if escampe.is_over() {
                break;
            }
            let legal = escampe.legal_moves();
            for m in &candidates {
                let mut fused = escampe.clone();
                let mut apart = escampe.clone();
                let fused_result = fused.check_and_apply(m);
                let apart_result = apart.check(m).map(|()| apart.apply(m));
                assert_eq!(fused_result, apart_result, "game {game} ply {ply}: {m}");
                assert_eq!(fused, apart, "game {game} ply {ply}: {m}");
                let generated = match *m {
                    EscampeMove::Step { from, to, .. } => legal.iter().any(|l| {
                        matches!(*l, EscampeMove::Step { from: f, to: t, .. } if f == from && t == to)
                    }),
                    EscampeMove::Pass => legal.contains(m),
                };
                if fused_result.is_ok() {
                    assert!(
                        generated,
                        "game {game} ply {ply}: {m} passes but is not generated"
                    );
                }
            }
            for m in &legal {
                assert_eq!(escampe.check(m), Ok(()), "game {game} ply {ply}: {m}");
            }
            escampe.apply(&legal[rng.below(legal.len())]);
        }
    }
}
