"""The research interfaces: every game through the tools reinforcement-learning code already
uses (docs/rl.md).

* :mod:`ziggurat.interop.pettingzoo`: ``env(game, players=N, ...)``, an AEC environment;
* :mod:`ziggurat.interop.openspiel`: importing it registers ``python_ziggurat_<game>`` games;
* :mod:`ziggurat.interop.gymnasium`: ``make(game, opponents=[...])``, one learner against
  ziggurat's agents.

Each needs the optional extra ``ziggurat[rl]``; this package imports none of them, so the
rest of ziggurat runs without them. All three speak the kernel's interface only: the
observation tensor and legal-action mask of :mod:`ziggurat.core.observation`, the action
numbers of ``game.action_to_int``, and the rewards of :mod:`ziggurat.interop.rewards`.
"""
