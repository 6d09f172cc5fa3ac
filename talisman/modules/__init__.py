"""The modules shipped with the engine: the core game and each expansion or
variant, one package each, declaring its :class:`~talisman.content.modules.Module`
(``MODULE``) with its content (TOML) and rule code. They are found through the
package entry points of the group ``talisman.modules`` (pyproject.toml), as a
module of another package would be; the registry is :mod:`talisman.content.modules`.
"""
