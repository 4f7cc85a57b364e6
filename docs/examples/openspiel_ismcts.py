"""OpenSpiel's ISMCTS makes one decision of Combo Whist, then random players finish the deal.

Run it with ``python docs/examples/openspiel_ismcts.py`` (needs the openspiel extra).
"""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import combowhist.adapters.openspiel  # noqa: F401  (registers python_combowhist)

game = pyspiel.load_game("python_combowhist(players=4,edition=1_4_2)")
rng = np.random.default_rng(7)
state = game.new_initial_state()
while state.is_chance_node():  # the deal: one card at a time
    cards, chances = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(cards, p=chances)))

# ISMCTS searches worlds drawn from what the player to move knows
# (state.resample_from_infostate, which asks combowhist.sampling).
bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1), uct_c=2.0,
                       max_simulations=20, random_state=np.random.RandomState(7))
player = state.current_player()
action = bot.step(state)
print(f"player {player} chooses {state.action_to_string(player, action)}")
state.apply_action(action)

while not state.is_terminal():
    state.apply_action(int(rng.choice(state.legal_actions())))
print("returns:", state.returns())
