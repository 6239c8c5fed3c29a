"""The dialog: conversation state, routing and clarification questions. Never touches a database."""

from nl2sql.dialog.intent import DialogManager, IntentDecision
from nl2sql.dialog.state import (
    AWAITING_CLARIFICATION,
    AWAITING_CONFIRMATION,
    IDLE,
    MAX_TURNS,
    NEW_QUERY,
    REFINEMENT,
    AwaitingClarification,
    AwaitingConfirmation,
    ConversationState,
    Idle,
    Pending,
    Round,
    Turn,
)

__all__ = [
    "AWAITING_CLARIFICATION", "AWAITING_CONFIRMATION", "IDLE", "MAX_TURNS", "NEW_QUERY", "REFINEMENT",
    "AwaitingClarification", "AwaitingConfirmation", "ConversationState", "DialogManager", "Idle",
    "IntentDecision", "Pending", "Round", "Turn",
]
