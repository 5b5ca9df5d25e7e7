"""The game families the engine plays, one package each.

A family is a package here whose ``FAMILY`` names its presets, its state class, its bots and
its simulation figures (:class:`mapkit.engine.game.Family`); the engine finds it by looking
here, so adding a game touches no file of another game.

* :mod:`~mapkit.engine.games.dampfross` -- Dampfross, Paluba, Expres (rules.md sections 1-4);
* :mod:`~mapkit.engine.games.transamerica` -- TransAmerica / TransEuropa (rules.md section 5).
"""
