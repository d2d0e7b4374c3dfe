//! The next hint, worked out ahead on another thread after each change to
//! the board or its notes, so the hint key answers at once: on the hardest
//! 9x9 positions a hint takes 45-90 ms of CPU, on a resumed 25x25 the first
//! one proves the solution (up to a second).
//!
//! One worker thread serves the app. It takes the newest request and skips
//! the ones it replaced, so a burst of keys costs at most the hint in
//! progress (the engine's hint search cannot be stopped midway) and the
//! newest. Nothing ticks: an answer waits in the channel until the hint key
//! asks for it. An answer is used only for the request it was made for
//! ([`HintAnswer::answers`]), so a stale hint is never shown.

use crate::game::{HintAnswer, HintRequest};
use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;

/// Answers kept for positions the player may come back to: the one on the
/// board and the one after its hint is applied, an undo or two.
const KEPT: usize = 4;

/// The worker and what it has answered.
#[derive(Default)]
pub struct HintsAhead {
    /// Started with the first request (tests of other things never start it).
    worker: Option<Worker>,
    /// The newest request sent: the worker answers it, sooner or later.
    sent: Option<HintRequest>,
    /// The worker died (a bug in the engine): it is not started again, as
    /// the same position would fail it again; the key works hints out itself.
    failed: bool,
    /// Answers received, the newest last.
    answered: VecDeque<HintAnswer>,
    /// How many answers the hint key was given (for tests).
    #[cfg(test)]
    pub handed_out: usize,
}

struct Worker {
    requests: Sender<HintRequest>,
    answers: Receiver<HintAnswer>,
}

impl Worker {
    fn start() -> Worker {
        let (requests, inbox) = channel::<HintRequest>();
        let (outbox, answers) = channel();
        thread::spawn(move || {
            let mut last_proof: Option<HintAnswer> = None;
            // Ends when the app drops its sender (a new app, quitting).
            while let Ok(mut request) = inbox.recv() {
                // The terminal test of a failing background job.
                #[cfg(debug_assertions)]
                if std::env::var_os("DOKU_DEBUG_FAIL_HINT_WORKER").is_some() {
                    panic!("the hint worker was asked to fail (DOKU_DEBUG_FAIL_HINT_WORKER)");
                }
                // Only the newest request matters: the rest were replaced
                // by later changes before the worker got to them.
                while let Ok(newer) = inbox.try_recv() {
                    request = newer;
                }
                let proved = last_proof.as_ref().and_then(|a| a.proof_for(&request));
                let answer = request.answer(proved);
                if answer.proof_for(&request).is_some() {
                    last_proof = Some(answer.clone());
                }
                if outbox.send(answer).is_err() {
                    break;
                }
            }
        });
        Worker { requests, answers }
    }
}

impl HintsAhead {
    /// Has `request` worked out, unless it is already answered or on its way.
    pub fn ask(&mut self, request: HintRequest) {
        self.collect();
        if self.failed
            || self.sent.as_ref() == Some(&request)
            || self.answered_for(&request).is_some()
        {
            return;
        }
        let worker = self.worker.get_or_insert_with(Worker::start);
        if worker.requests.send(request.clone()).is_ok() {
            self.sent = Some(request);
        } else {
            self.worker_died();
        }
    }

    /// The answer to `request`: one received, or the one the worker is on
    /// (waited for, with the board still drawn: it started at the last
    /// change, so little of it is left). `None` when it was never asked
    /// for: the caller works it out itself.
    pub fn answer_for(&mut self, request: &HintRequest) -> Option<HintAnswer> {
        self.collect();
        if let Some(answer) = self.answered_for(request).cloned() {
            #[cfg(test)]
            {
                self.handed_out += 1;
            }
            return Some(answer);
        }
        if self.sent.as_ref() != Some(request) {
            return None;
        }
        // The worker answers the newest request last: older answers come
        // first, and are kept.
        while let Ok(answer) = self.worker.as_ref()?.answers.recv() {
            let found = answer.answers(request);
            self.keep(answer);
            if found {
                #[cfg(test)]
                {
                    self.handed_out += 1;
                }
                return self.answered.back().cloned();
            }
        }
        self.worker_died();
        None
    }

    /// The worker died (a bug in the engine): the key works hints out
    /// itself from now on, as it did before there was a worker.
    fn worker_died(&mut self) {
        self.worker = None;
        self.sent = None;
        self.failed = true;
    }

    /// Takes in what the worker has answered, without waiting.
    fn collect(&mut self) {
        let Some(worker) = &self.worker else {
            return;
        };
        let received: Vec<HintAnswer> = worker.answers.try_iter().collect();
        for answer in received {
            self.keep(answer);
        }
    }

    fn keep(&mut self, answer: HintAnswer) {
        if self.answered.len() == KEPT {
            self.answered.pop_front();
        }
        self.answered.push_back(answer);
    }

    fn answered_for(&self, request: &HintRequest) -> Option<&HintAnswer> {
        self.answered.iter().rev().find(|a| a.answers(request))
    }

    /// Whether `request` was sent to the worker or answered (for tests).
    #[cfg(test)]
    pub fn has_asked(&self, request: &HintRequest) -> bool {
        self.sent.as_ref() == Some(request) || self.answered_for(request).is_some()
    }
}
