"""A random agent plays one deal of Combo Whist in the PettingZoo environment.

Run it with ``python docs/examples/pettingzoo_random.py`` (needs the pettingzoo extra).
"""

import numpy as np

from combowhist.adapters.pettingzoo import env

table = env(players=4)
table.reset(seed=42)
rng = np.random.default_rng(42)
steps = 0
for agent in table.agent_iter():
    observation, reward, terminated, truncated, info = table.last()
    if terminated or truncated:
        print(f"{agent}: {reward:+g} points")
        table.step(None)  # the episode is over for this agent
        continue
    legal = np.flatnonzero(observation["action_mask"])  # what the agent may do now
    table.step(int(rng.choice(legal)))  # a bid takes several steps of the same agent
    steps += 1
print(f"{steps} steps")
