"""Simulation: many seeded games between bots, their records, and a report."""
