// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ProbeThread (app/probe/probethread.h), the worker thread of the connection check and the model
// list: a job runs on the probe's own thread and its result arrives on the owner's; a later start
// drops an earlier job's answer; cancel ends a request that would never end; destruction cancels,
// joins and deletes the worker. Real threads, real requests to a loopback peer on the test thread.
#include "probe/probethread.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

using namespace TokenScope;

namespace {

const QString kThreadName = QStringLiteral("TokenScope probe test");

struct Job
{
    QString name;
    QUrl url; ///< empty: the job answers at once, without a request
};

struct Answer
{
    QString name;
    QString ranOn; ///< the name of the thread the job ran on
    bool cancelled = false;
    QByteArray body;
};

/// Counts the workers alive and the requests cancelled, and says whether the last worker was
/// deleted on its own thread. Written on the probes' threads, read on the test's.
std::atomic<int> liveWorkers { 0 };
std::atomic<int> cancelledRequests { 0 };
std::atomic<bool> deletedOnItsThread { false };

class TestWorker final : public ProbeWorker<Job, Answer>
{
public:
    TestWorker() { ++liveWorkers; }
    ~TestWorker() override
    {
        deletedOnItsThread = QThread::currentThread()->objectName() == kThreadName;
        --liveWorkers;
    }

    void run(const Job &job) override
    {
        Answer answer { job.name, QThread::currentThread()->objectName(), false, {} };
        if (job.url.isEmpty()) {
            report(answer);
            return;
        }
        QNetworkReply *sent = manager()->get(QNetworkRequest(job.url));
        setReply(sent);
        connect(sent, &QNetworkReply::finished, this, [this, answer]() mutable {
            answer.cancelled = isCancelled();
            if (answer.cancelled)
                ++cancelledRequests;
            else // an aborted reply is closed
                answer.body = reply()->readAll();
            dropReply();
            report(answer);
        });
    }
};

/// A loopback HTTP peer on the test thread: counts requests and connections the client closed,
/// and answers "ok" unless it is stalled.
class Peer
{
public:
    explicit Peer(bool answers)
        : m_answers(answers)
    {
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost, 0));
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/models").arg(m_server.serverPort())); }

    int requests = 0;
    int closedByClient = 0;

private:
    void serve(QTcpSocket *socket)
    {
        QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
            if (!m_answers)
                ++closedByClient;
            socket->deleteLater();
        });
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
            m_buffer += socket->readAll();
            if (!m_buffer.contains("\r\n\r\n"))
                return;
            m_buffer.clear();
            ++requests;
            if (!m_answers)
                return;
            socket->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
            socket->disconnectFromHost();
        });
    }

    bool m_answers;
    QByteArray m_buffer;
    QTcpServer m_server;
};

/// The owner's side: what the probe delivered, and on which thread.
struct Owner
{
    QList<Answer> answers;
    QList<QThread *> deliveredOn;
    ProbeThread<Job, Answer>::Deliver deliver()
    {
        return [this](const Answer &answer) {
            answers.append(answer);
            deliveredOn.append(QThread::currentThread());
        };
    }
    bool waitForAnswers(qsizetype count)
    {
        return QTest::qWaitFor([this, count] { return answers.size() >= count; }, 10000);
    }
};

} // namespace

TEST(ProbeThread, AJobRunsOnItsThreadAndItsResultArrivesOnTheOwnersThread)
{
    Peer peer(true);
    Owner owner;
    ProbeThread<Job, Answer> probe(kThreadName, new TestWorker, owner.deliver());
    EXPECT_FALSE(probe.isRunning());

    probe.start({ QStringLiteral("request"), peer.url() });
    EXPECT_TRUE(probe.isRunning());
    ASSERT_TRUE(owner.waitForAnswers(1));
    EXPECT_FALSE(probe.isRunning());
    EXPECT_EQ(owner.answers.at(0).name, QStringLiteral("request"));
    EXPECT_EQ(owner.answers.at(0).ranOn, kThreadName) << "the job ran on the probe's own thread";
    EXPECT_EQ(owner.answers.at(0).body, QByteArray("ok"));
    EXPECT_FALSE(owner.answers.at(0).cancelled);
    EXPECT_EQ(owner.deliveredOn.at(0), QThread::currentThread()) << "the result arrived on the owner's thread";
    EXPECT_EQ(peer.requests, 1);

    // A job after it is a job of its own, answered as well.
    probe.start({ QStringLiteral("at once"), {} });
    ASSERT_TRUE(owner.waitForAnswers(2));
    EXPECT_EQ(owner.answers.at(1).name, QStringLiteral("at once"));
    EXPECT_EQ(owner.deliveredOn.at(1), QThread::currentThread());
    EXPECT_FALSE(probe.isRunning());
}

TEST(ProbeThread, ALaterStartDropsTheAnswerOfTheJobBefore)
{
    Owner owner;
    auto *worker = new TestWorker;
    ProbeThread<Job, Answer> probe(kThreadName, worker, owner.deliver());

    // The first job's answer is already queued to this thread when the second job starts: it
    // arrives, late, and is dropped. The test thread runs no event until then; the blocking call
    // returns once the probe's thread has run everything queued to it before, the first job too.
    probe.start({ QStringLiteral("first"), {} });
    postTo(
        worker, [] {}, Qt::BlockingQueuedConnection);
    probe.start({ QStringLiteral("second"), {} });
    // Calls queued to one object run in order: by the time the second answer is delivered, the
    // first has come and gone.
    ASSERT_TRUE(owner.waitForAnswers(1));
    ASSERT_EQ(owner.answers.size(), 1);
    EXPECT_EQ(owner.answers.at(0).name, QStringLiteral("second"));
    EXPECT_FALSE(probe.isRunning());

    // A job whose request is under way when the next one starts: its request is dropped (the peer
    // sees the connection closed) before the next job runs, and it reports nothing: an answer of
    // its own would have been queued before the next job's.
    Peer stalled(false);
    probe.start({ QStringLiteral("stalled"), stalled.url() });
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return stalled.requests == 1; }, 10000));
    probe.start({ QStringLiteral("replacing"), {} });
    ASSERT_TRUE(owner.waitForAnswers(2));
    ASSERT_EQ(owner.answers.size(), 2);
    EXPECT_EQ(owner.answers.at(1).name, QStringLiteral("replacing"));
    EXPECT_TRUE(QTest::qWaitFor([&stalled] { return stalled.closedByClient == 1; }, 10000));
}

TEST(ProbeThread, CancelEndsARequestThatWouldNeverEndAndTheJobReportsIt)
{
    Peer stalled(false);
    Owner owner;
    ProbeThread<Job, Answer> probe(kThreadName, new TestWorker, owner.deliver());
    probe.start({ QStringLiteral("stalled"), stalled.url() });
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return stalled.requests == 1; }, 10000));
    EXPECT_TRUE(probe.isRunning());

    // The peer never answers and the job has no timeout of its own: only the cancel ends it.
    probe.cancel();
    ASSERT_TRUE(owner.waitForAnswers(1));
    EXPECT_EQ(owner.answers.at(0).name, QStringLiteral("stalled"));
    EXPECT_TRUE(owner.answers.at(0).cancelled);
    EXPECT_FALSE(probe.isRunning());
    EXPECT_TRUE(QTest::qWaitFor([&stalled] { return stalled.closedByClient == 1; }, 10000));

    // A cancel with nothing under way does nothing: the job started after it is the only answer
    // (the cancel ran first on the probe's thread, so an answer of its own would have come first).
    probe.cancel();
    probe.start({ QStringLiteral("after"), {} });
    ASSERT_TRUE(owner.waitForAnswers(2));
    ASSERT_EQ(owner.answers.size(), 2);
    EXPECT_EQ(owner.answers.at(1).name, QStringLiteral("after"));
    EXPECT_FALSE(owner.answers.at(1).cancelled);
}

TEST(ProbeThread, DestructionMidJobCancelsJoinsAndDeletesTheWorkerOnItsThread)
{
    Peer stalled(false);
    Owner owner;
    deletedOnItsThread = false;
    const int workersBefore = liveWorkers.load();
    const int cancelledBefore = cancelledRequests.load();
    auto probe = std::make_unique<ProbeThread<Job, Answer>>(kThreadName, new TestWorker, owner.deliver());
    EXPECT_EQ(liveWorkers.load(), workersBefore + 1);
    probe->start({ QStringLiteral("stalled"), stalled.url() });
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return stalled.requests == 1; }, 10000));

    // Returns although the request would never end: the job is cancelled, the thread joined.
    probe.reset();
    EXPECT_EQ(cancelledRequests.load(), cancelledBefore + 1) << "the request was cancelled, and its job ended";
    EXPECT_EQ(liveWorkers.load(), workersBefore) << "the worker was deleted";
    EXPECT_TRUE(deletedOnItsThread.load()) << "on its own thread";
    // The cancelled job's answer was queued to the probe, and went with it.
    QCoreApplication::processEvents();
    EXPECT_TRUE(owner.answers.isEmpty());
    EXPECT_TRUE(QTest::qWaitFor([&stalled] { return stalled.closedByClient == 1; }, 10000));
}

TEST(ProbeThread, DestructionWithJobsStillQueuedReturns)
{
    Owner owner;
    const int workersBefore = liveWorkers.load();
    {
        ProbeThread<Job, Answer> probe(kThreadName, new TestWorker, owner.deliver());
        // Destroyed at once: the jobs may not have run yet, or have answered into a queue that
        // this thread never serves before the probe is gone.
        for (int i = 0; i < 5; ++i)
            probe.start({ QStringLiteral("job %1").arg(i), {} });
    }
    EXPECT_EQ(liveWorkers.load(), workersBefore);
    QCoreApplication::processEvents();
    EXPECT_TRUE(owner.answers.isEmpty());
}
