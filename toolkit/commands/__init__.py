"""One module per verb: the only code that runs the stages in order.

The stages keep what saves time in one store (`toolkit.core.store`); a command's is the
user cache (`toolkit.speed.content_cache.DiskStore`, nothing kept with TOOLKIT_NO_CACHE=1).
"""

from toolkit.core.store import use
from toolkit.speed.content_cache import DiskStore

use(DiskStore())
