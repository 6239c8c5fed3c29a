"""The dialog: conversation state and intent detection. Never touches a database."""

from nl2sql.dialog.intent import DialogManager, IntentDecision
from nl2sql.dialog.state import (
    AWAITING_CLARIFICATION,
    AWAITING_CONFIRMATION,
    IDLE,
    MAX_TURNS,
    NEW_QUERY,
    REFINEMENT,
    ConversationState,
    Pending,
    Turn,
)

__all__ = [
    "AWAITING_CLARIFICATION", "AWAITING_CONFIRMATION", "IDLE", "MAX_TURNS", "NEW_QUERY", "REFINEMENT",
    "ConversationState", "DialogManager", "IntentDecision", "Pending", "Turn",
]
